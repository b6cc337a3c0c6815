// Rasterises the artwork in art/ into responsive WebP and JPEG files, each named by the hash of what it
// is made of. Each encoded file is cached by the same key, so a warm build never starts sharp (which
// runs in a process of its own: steps/image-encoder.mjs).
import { type ChildProcess, fork } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResponsiveImage, SiteData } from "../components/SiteContext.tsx";
import { cached, cacheKey } from "./cache.ts";
import type { Card } from "./card-layout.mjs";
import { writeIfChanged } from "./output.ts";

/** The encoder's code: sharp in a process of its own. */
const ENCODER_FILE = new URL("./image-encoder.mjs", import.meta.url);

type Format = "webp" | "jpeg";
const EXTENSION: Record<Format, string> = { webp: "webp", jpeg: "jpg" };
const QUALITY: Record<Format, number> = { webp: 72, jpeg: 74 };
// No AVIF: measured on this flat vector art, WebP at quality 72 was smaller than AVIF at quality 50
// (effort 2) at six of the seven sizes (hero 640 px: 3.8 KB against 4.8 KB) and took a third of the
// time, so AVIF cost half of a cold build's image time for larger files.

/** The intrinsic size an SVG declares: its width and height attributes, else its viewBox. */
function svgSize(svg: string, file: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const attribute = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(tag)?.[1]);
  const viewBox = /viewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(tag);
  const width = attribute("width") || Number(viewBox?.[1]);
  const height = attribute("height") || Number(viewBox?.[2]);
  if (!width || !height) throw new Error(`${file}: no size; give the <svg> width and height attributes or a viewBox`);
  return { width, height };
}

/** What the encoder (steps/image-encoder.mjs) is asked for one file: a photo-like format at a quality,
 * or a palette PNG (the social cards: flat colour and text, a third of a JPEG's size and no artefacts). */
interface Encoding {
  /** What the file is made from, as an error names it ("art/hero.svg"). */
  name: string;
  /** The art (an artwork's SVG). */
  svg?: Buffer;
  /** Or, for a social card, what it shows: the encoder lays it out (steps/card-layout.mjs). */
  card?: Card;
  /** An artwork encoded at several sizes: its raster is kept by this name and drawn once. A social card,
   * drawn once, has none. */
  art?: string;
  /** Rasterises the art at its widest size: the SVG renders sharp at any size, so a larger raster would
   * only cost time (the hero at twice its size took as long as encoding it). */
  density: number;
  resize: { width: number; height?: number; fit?: "cover" };
  format: Format | "png";
  quality: number;
}

/**
 * sharp in a process of its own, started at the first image the cache lacks (a warm build never starts
 * it) and ended by `close` (by `stop` should its run fail): libvips keeps the native memory it used until
 * its process ends.
 */
export class Encoder {
  private child: ChildProcess | undefined;
  private calls = 0;
  /** Resolves once the last process started has exited. */
  private exited = Promise.resolve();
  private held = false;
  private readonly waiting = new Map<number, { done: (bytes: Buffer) => void; fail: (error: Error) => void }>();

  /** `background`: at the lowest priority (the dev server's cards, drawn while the next save may be applied). */
  constructor(private readonly background = false) {}

  encode(encoding: Encoding): Promise<Buffer> {
    const child = this.start();
    const id = ++this.calls;
    return new Promise((done, fail) => {
      this.waiting.set(id, { done, fail });
      child.send({ id, ...encoding });
    });
  }

  /** Ends the encoder once its answers are in: disconnected, it exits (steps/image-encoder.mjs). */
  close(): void {
    this.child?.disconnect();
    this.child = undefined;
  }

  /** Ends the encoder at once, answered or not (its run failed), and resolves once its process has exited
   * (after `close` too), so that a failed build leaves no process behind. */
  stop(): Promise<void> {
    this.child?.kill();
    // A held (stopped) process takes its end only once it runs again.
    if (this.held) this.child?.kill("SIGCONT");
    this.child = undefined;
    return this.exited;
  }

  /** Stops the encoder's process where it is (SIGSTOP), or lets it go on: the dev server's cards wait
   * while a save is applied, as its type check does. */
  hold(held: boolean): void {
    this.held = held;
    try {
      this.child?.kill(held ? "SIGSTOP" : "SIGCONT");
    } catch {
      // Gone already, or a system without job-control signals: it simply runs on.
    }
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    // Without tsx's loader (the encoder is plain JavaScript); Buffers pass whole with "advanced" serialization.
    // Two malloc arenas, not one per libvips thread: 150–160 → 125–135 MB resident, as fast. Blocks of
    // 1 MB and more (librsvg's surfaces for the art's transparent groups) mapped apart and given back
    // when freed, not kept in the heap: ~15 MB less again.
    const env = { ...process.env, MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: String(1024 * 1024) };
    const child = fork(fileURLToPath(ENCODER_FILE), { execArgv: [], serialization: "advanced", env });
    if (this.background) {
      try {
        if (child.pid) setPriority(child.pid, 19);
      } catch {
        // Ended already: its exit fails what waits for it.
      }
      // Held (stopped), it would outlive the server, never seeing its channel close.
      const kill = () => child.kill("SIGKILL");
      process.once("exit", kill);
      child.once("exit", () => process.off("exit", kill));
      if (this.held) child.kill("SIGSTOP");
    }
    child.on("message", ({ id, bytes, error }: { id: number; bytes?: Uint8Array; error?: string }) => {
      const call = this.waiting.get(id);
      this.waiting.delete(id);
      if (error !== undefined) call?.fail(new Error(error));
      else call?.done(Buffer.from(bytes!));
    });
    const answerNone = (why: string) => {
      for (const call of this.waiting.values()) call.fail(new Error(`the image encoder ${why} before it answered`));
      this.waiting.clear();
      if (this.child === child) this.child = undefined;
    };
    this.exited = new Promise((done) => {
      // "error" alone where the process could not be started.
      child.on("error", (error) => {
        answerNone(`failed (${error.message})`);
        if (child.pid === undefined) done();
      });
      child.on("exit", (code, signal) => {
        answerNone(`stopped (${signal ?? `exit code ${code}`})`);
        done();
      });
    });
    this.child = child;
    return child;
  }
}

/**
 * What an encoded file's bytes depend on besides its source and settings: sharp's version and the
 * encoder's own code. Part of every image's key, so an image's name changes whenever its bytes may.
 */
export const encoderVersion: Promise<string> = Promise.all([
  readFile("node_modules/sharp/package.json", "utf8").then((json) => String(JSON.parse(json).version)),
  readFile(ENCODER_FILE),
]).then(([sharp, code]) => cacheKey(sharp, code));

/** An encoded file: its name, known from what it is made of before it is made, and its bytes to come. */
interface Encoded {
  key: string;
  bytes: Promise<Buffer>;
}

/** One artwork, encoded only when the cache lacks one of its files. */
class Artwork {
  readonly width: number;
  readonly height: number;

  constructor(
    readonly name: string,
    readonly svg: Buffer,
    private readonly widest: number,
    private readonly encoder: Encoder,
    private readonly version: string,
  ) {
    ({ width: this.width, height: this.height } = svgSize(svg.toString("utf8"), `art/${name}.svg`));
  }

  private encoding(resize: Encoding["resize"], format: Format): Encoding {
    return { name: `art/${this.name}.svg`, art: this.name, svg: this.svg, density: (72 * this.widest) / this.width, resize, format, quality: QUALITY[format] };
  }

  encode(format: Format, width: number): Encoded {
    const key = cacheKey(this.version, this.svg, format, String(width), String(QUALITY[format]), String(this.widest));
    return { key, bytes: cached("images", key, EXTENSION[format], () => this.encoder.encode(this.encoding({ width }, format))) };
  }

  /** The art cropped to this shape around its centre, as JPEG. */
  card(width: number, height: number): Encoded {
    const key = cacheKey(this.version, this.svg, "card", String(width), String(height), String(QUALITY.jpeg), String(this.widest));
    return { key, bytes: cached("images", key, "jpg", () => this.encoder.encode(this.encoding({ width, height, fit: "cover" }, "jpeg"))) };
  }
}

/** The images of a build: their site paths (known at once), and the writing of their files. */
class Emitter {
  /** The dist-relative files named so far, and the writing of each. */
  readonly files: string[] = [];
  readonly writes: Promise<unknown>[] = [];

  constructor(private readonly outDir: string) {}

  /** Names the file by its key (what it is made of) and writes it once encoded; returns its site path. */
  emit(name: string, width: number, format: Format, { key, bytes }: Encoded): string {
    const file = `images/${name}-${width}.${key.slice(0, 8)}.${EXTENSION[format]}`;
    this.files.push(file);
    this.writes.push(bytes.then((data) => writeIfChanged(join(this.outDir, file), data)));
    return `/${file}`;
  }

  /** WebP at each width, and a JPEG for the rest at `fallbackWidth`. */
  responsive(art: Artwork, widths: number[], fallbackWidth: number): ResponsiveImage {
    return {
      width: fallbackWidth,
      height: Math.round((art.height * fallbackWidth) / art.width),
      webp: widths.map((w) => `${this.emit(art.name, w, "webp", art.encode("webp", w))} ${w}w`).join(", "),
      fallback: this.emit(art.name, fallbackWidth, "jpeg", art.encode("jpeg", fallbackWidth)),
    };
  }
}

/** Social cards are 1200×630: the hero art, cropped to that shape around its centre. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/**
 * The site's images and the dist-relative files written for them; `encoder` is the pipeline's. Each
 * file is named by the hash of what it is made of, as Astro names its images, so the pages can be
 * rendered and written while sharp encodes them on the other core: `written` resolves once every file
 * is in the output folder (a cold build of the real site waited ~0.5 s for the encoder before it could
 * render a page).
 */
export async function buildImages(outDir: string, encoder: Encoder): Promise<{ images: SiteData["images"]; files: string[]; written: Promise<void> }> {
  await mkdir(join(outDir, "images"), { recursive: true });
  const version = await encoderVersion;
  const [heroSvg, headshotSvg] = await Promise.all([readFile("art/hero.svg"), readFile("art/headshot.svg")]);
  const hero = new Artwork("hero", heroSvg, 1600, encoder, version);
  const headshot = new Artwork("headshot", headshotSvg, 640, encoder, version);
  const emitter = new Emitter(outDir);
  const images = {
    hero: emitter.responsive(hero, [640, 768, 1024, 1600], 1600),
    headshot: emitter.responsive(headshot, [320, 480, 640], 640),
    ogImage: emitter.emit("hero-social", SOCIAL_CARD.width, "jpeg", hero.card(SOCIAL_CARD.width, SOCIAL_CARD.height)),
  };
  const written = Promise.all(emitter.writes).then(() => {});
  // A failure is reported where the build awaits it, at its end; until then it is not an unhandled rejection.
  written.catch(() => {});
  return { images, files: emitter.files, written };
}
