// Encodes every image the page bundle names (steps/image-modules.ts: a page's import, a content file's
// image field) into the responsive files a page shows, each named by the hash of what it is made of, and
// the site's social image. Each encoded file is cached by the same key, so a warm build never starts sharp
// (which runs in a process of its own: steps/image-encoder.mjs).
import { type ChildProcess, fork } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { basename, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResponsiveImage } from "../components/SiteContext.tsx";
import { cached, cacheKey } from "./cache.ts";
import type { Card } from "./card-layout.mjs";
import { imageSize } from "./image-modules.ts";
import { writeIfChanged } from "./output.ts";

/** The encoder's code: sharp in a process of its own. */
const ENCODER_FILE = new URL("./image-encoder.mjs", import.meta.url);

type Format = "avif" | "webp" | "jpeg";
const EXTENSION: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** How one kind of image is encoded: the formats offered at every width, best first (a JPEG at the widest
 * follows them for any browser that takes none), each at its quality and effort; and whether a tiny
 * version of it stands in while it loads. */
interface Recipe {
  formats: Exclude<Format, "jpeg">[];
  placeholder: boolean;
}

/** Each format's quality and effort (sharp's 0–9 for AVIF; WebP and JPEG at their defaults). */
const SETTINGS: Record<Format, { quality: number; effort?: number }> = {
  avif: { quality: 55, effort: 2 },
  webp: { quality: 72 },
  jpeg: { quality: 74 },
};

/**
 * Vector art (SVG): WebP, no AVIF. Measured on the hero art, WebP at quality 72 was smaller than AVIF at
 * quality 50 (effort 2) at six of the seven sizes (hero 640 px: 3.8 KB against 4.8 KB) and took a third
 * of the time. No placeholder: the art's smallest files are 2–4 KB, in the first round trips after the
 * page, and the hero's section paints its own dark ground beneath it.
 *
 * Photographs (JPEG, PNG, WebP): AVIF, then WebP. Measured on the two photographs this machine holds (a
 * circuit board, 720×477 JPEG; sky and sea, 900×277 PNG), one sharp thread, SSIM of the luma against the
 * unencoded resize: at the widest, JPEG q74 (mozjpeg) 70.3 KB, SSIM 0.964 / 28.5 KB, 0.960; WebP q72 61.3 KB,
 * 0.972 / 20.9 KB, 0.956; AVIF q55 effort 2 44.6 KB, 0.961 / 21.3 KB, 0.963. At 320 px: JPEG 18.5 / 6.0 KB,
 * WebP 19.0 / 5.2 KB, AVIF 12.9 / 5.2 KB. So AVIF is a third smaller than JPEG on the detailed photograph
 * and a quarter on the other at the same SSIM, and WebP still a tenth to a quarter smaller than JPEG for
 * the browsers without AVIF. AVIF at effort 4 was 0–10% smaller again but took 5–8 times as long (720 px:
 * 3.0 s against 0.4 s), so effort 2: AVIF costs 3–5 times WebP's time, once per photograph thanks to the cache.
 */
const RECIPES: Record<"art" | "photo", Recipe> = {
  art: { formats: ["webp"], placeholder: false },
  photo: { formats: ["avif", "webp"], placeholder: true },
};

/** The widths every image is offered at, as far as its own width: phones at 1–3× (320–1280) and wide
 * screens; an image is offered at its own width too (up to the last), and not at a step within a tenth of it. */
const WIDTHS = [320, 480, 640, 768, 1024, 1280, 1600, 1920];

/** The widths an image `width` pixels wide is offered at, widest last. */
export function widthsOf(width: number): number[] {
  const widest = Math.min(width, WIDTHS.at(-1)!);
  return [...WIDTHS.filter((w) => w < widest * 0.9), widest];
}

/** The placeholder's width: 16 px, blurred by the browser over the image's box (styles/_picture.scss). */
const PLACEHOLDER_WIDTH = 16;

/** What the encoder (steps/image-encoder.mjs) is asked for one file: a photo-like format at a quality,
 * a placeholder, or a palette PNG (the social cards: flat colour and text, a third of a JPEG's size and
 * no artefacts). */
interface Encoding {
  /** What the file is made from, as an error names it ("art/hero.svg"). */
  name: string;
  /** The image file's bytes (a photograph, or an SVG). */
  source?: Buffer;
  /** Or, for a social card, what it shows: the encoder lays it out (steps/card-layout.mjs). */
  card?: Card;
  /** An image encoded at several sizes: its pixels at its widest size are kept under this key while
   * its files are being encoded, and drawn (decoded) once. A social card, drawn once, has none. */
  raster?: string;
  /** The width the image's pixels are drawn at: its widest file's. An SVG is rasterised at that size
   * only (a larger raster would only cost time: the hero at twice its size took as long as encoding it). */
  widest?: number;
  density: number;
  resize: { width: number; height?: number; fit?: "cover" };
  /** "placeholder": a tiny WebP, or nothing (empty) for an image that is not opaque, whose placeholder
   * would show through it. */
  format: Format | "png" | "placeholder";
  quality: number;
  effort?: number;
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

/** One image file, encoded only when the cache lacks one of its files. */
class Source {
  readonly width: number;
  readonly height: number;
  readonly widths: number[];
  readonly recipe: Recipe;
  /** Its name in the output folder: the file's, without its folder and extension ("hero"). */
  readonly name: string;
  private readonly key: (...parts: string[]) => string;

  constructor(
    readonly file: string,
    private readonly bytes: Buffer,
    private readonly encoder: Encoder,
    version: string,
  ) {
    ({ width: this.width, height: this.height } = imageSize(bytes, file));
    this.recipe = extname(file).toLowerCase() === ".svg" ? RECIPES.art : RECIPES.photo;
    this.widths = widthsOf(this.width);
    this.name = basename(file, extname(file)).replace(/[^\w-]+/g, "-");
    const hash = cacheKey(bytes);
    this.key = (...parts) => cacheKey(version, hash, String(this.widest), ...parts);
  }

  get widest(): number {
    return this.widths.at(-1)!;
  }

  heightAt(width: number): number {
    return Math.round((this.height * width) / this.width);
  }

  private encoding(resize: Encoding["resize"], format: Encoding["format"], settings: { quality: number; effort?: number }): Encoding {
    // An SVG drawn at its widest size; a photograph's pixels are drawn at its own size and resized.
    const density = (72 * this.widest) / this.width;
    return { name: this.file, source: this.bytes, raster: this.key(), widest: this.widest, density, resize, format, ...settings };
  }

  encode(format: Format, width: number): Encoded {
    const settings = SETTINGS[format];
    const key = this.key(format, String(width), JSON.stringify(settings));
    return { key, bytes: cached("images", key, EXTENSION[format], () => this.encoder.encode(this.encoding({ width }, format, settings))) };
  }

  /** The image cropped to this shape around its centre, as JPEG. */
  card(width: number, height: number): Encoded {
    const key = this.key("card", String(width), String(height), JSON.stringify(SETTINGS.jpeg));
    return { key, bytes: cached("images", key, "jpg", () => this.encoder.encode(this.encoding({ width, height, fit: "cover" }, "jpeg", SETTINGS.jpeg))) };
  }

  /** Its placeholder as a data: address, or undefined where it has none (not opaque). */
  async placeholder(): Promise<string | undefined> {
    const settings = { quality: 50 };
    const key = this.key("placeholder", String(PLACEHOLDER_WIDTH), JSON.stringify(settings));
    const bytes = await cached("images", key, "webp", () => this.encoder.encode(this.encoding({ width: PLACEHOLDER_WIDTH }, "placeholder", settings)));
    return bytes.length ? `data:image/webp;base64,${bytes.toString("base64")}` : undefined;
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
    const write = bytes.then((data) => writeIfChanged(join(this.outDir, file), data));
    // Awaited with the rest (`written`); should a later image fail the step first, not an unhandled rejection.
    write.catch(() => {});
    this.writes.push(write);
    return `/${file}`;
  }

  /** Each of its recipe's formats at each width, a JPEG at the widest, and its placeholder. */
  async responsive(source: Source): Promise<ResponsiveImage> {
    // Asked for first: the pages wait for it, not for the files.
    const placeholder = source.recipe.placeholder ? source.placeholder() : undefined;
    const srcset = (format: Format) => source.widths.map((w) => `${this.emit(source.name, w, format, source.encode(format, w))} ${w}w`).join(", ");
    return {
      width: source.widest,
      height: source.heightAt(source.widest),
      sources: source.recipe.formats.map((format) => ({ type: `image/${format}`, srcSet: srcset(format) })),
      fallback: this.emit(source.name, source.widest, "jpeg", source.encode("jpeg", source.widest)),
      placeholder: await placeholder,
    };
  }
}

/** Social cards are 1200×630: the site's social image (content/site.yaml), cropped to that shape around its centre. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** What the images step made: each image's files by its project path, the social image's site path, and
 * the dist-relative files, written once `written` resolves. */
export interface BuiltImages {
  images: Record<string, ResponsiveImage>;
  socialImage: string;
  files: string[];
  written: Promise<void>;
}

/**
 * The images the page bundle names (`files`, project paths) and the site's social image (`social`, one of
 * them), written to the output folder; `encoder` is the pipeline's. Each file is named by the hash of what
 * it is made of, as Astro names its images, so the pages can be rendered and written while sharp encodes
 * them on the other core: `written` resolves once every file is in the output folder (a cold build of
 * the real site waited ~0.5 s for the encoder before it could render a page). Only the placeholders are
 * waited for, as the pages print them.
 */
export async function buildImages(outDir: string, encoder: Encoder, files: string[], social: string): Promise<BuiltImages> {
  await mkdir(join(outDir, "images"), { recursive: true });
  const version = await encoderVersion;
  const sources = await Promise.all(files.map(async (file) => new Source(file, await readFile(file), encoder, version)));
  const emitter = new Emitter(outDir);
  const images = Object.fromEntries(await Promise.all(sources.map(async (source) => [source.file, await emitter.responsive(source)] as const)));
  const socialSource = sources.find((source) => source.file === social);
  if (!socialSource) throw new Error(`${social}: the social image is not one the pages name; name it in content/site.yaml (seoDefaults.image)`);
  const socialImage = emitter.emit(`${socialSource.name}-social`, SOCIAL_CARD.width, "jpeg", socialSource.card(SOCIAL_CARD.width, SOCIAL_CARD.height));
  const written = Promise.all(emitter.writes).then(() => {});
  // A failure is reported where the build awaits it, at its end; until then it is not an unhandled rejection.
  written.catch(() => {});
  return { images, socialImage, files: emitter.files, written };
}
