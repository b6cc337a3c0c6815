// Rasterises the artwork in art/ into responsive WebP and JPEG files, content-hashed. Each encoded file
// is cached by its source and settings, so a warm build never starts sharp (which runs in a process of
// its own: steps/image-encoder.mjs).
import { type ChildProcess, fork } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResponsiveImage, SiteData } from "../components/SiteContext.tsx";
import { cached, cacheKey } from "./cache.ts";

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
  svg: Buffer;
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
 * it) and ended by `close`: libvips keeps the native memory it used until its process ends.
 */
export class Encoder {
  private child: ChildProcess | undefined;
  private calls = 0;
  private readonly waiting = new Map<number, { done: (bytes: Buffer) => void; fail: (error: Error) => void }>();

  encode(encoding: Encoding): Promise<Buffer> {
    const child = this.start();
    const id = ++this.calls;
    return new Promise((done, fail) => {
      this.waiting.set(id, { done, fail });
      child.send({ id, ...encoding });
    });
  }

  close(): void {
    this.child?.disconnect();
    this.child = undefined;
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    // Without tsx's loader (the encoder is plain JavaScript); Buffers pass whole with "advanced" serialization.
    const child = fork(fileURLToPath(new URL("./image-encoder.mjs", import.meta.url)), { execArgv: [], serialization: "advanced" });
    child.on("message", ({ id, bytes, error }: { id: number; bytes?: Uint8Array; error?: string }) => {
      const call = this.waiting.get(id);
      this.waiting.delete(id);
      if (error !== undefined) call?.fail(new Error(error));
      else call?.done(Buffer.from(bytes!));
    });
    const stop = (why: string) => {
      for (const call of this.waiting.values()) call.fail(new Error(`the image encoder ${why} before it answered`));
      this.waiting.clear();
      if (this.child === child) this.child = undefined;
    };
    child.on("error", (error) => stop(`failed (${error.message})`));
    child.on("exit", (code, signal) => stop(`stopped (${signal ?? `exit code ${code}`})`));
    this.child = child;
    return child;
  }
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
  ) {
    ({ width: this.width, height: this.height } = svgSize(svg.toString("utf8"), `art/${name}.svg`));
  }

  private encoding(resize: Encoding["resize"], format: Format): Encoding {
    return { name: `art/${this.name}.svg`, art: this.name, svg: this.svg, density: (72 * this.widest) / this.width, resize, format, quality: QUALITY[format] };
  }

  encode(format: Format, width: number): Promise<Buffer> {
    return cached("images", cacheKey(this.svg, format, String(width), String(QUALITY[format]), String(this.widest)), EXTENSION[format], () =>
      this.encoder.encode(this.encoding({ width }, format)),
    );
  }

  /** The art cropped to this shape around its centre, as JPEG. */
  card(width: number, height: number): Promise<Buffer> {
    return cached("images", cacheKey(this.svg, "card", String(width), String(height), String(QUALITY.jpeg), String(this.widest)), "jpg", () =>
      this.encoder.encode(this.encoding({ width, height, fit: "cover" }, "jpeg")),
    );
  }
}

/** Writes one file with its content hash in the name and returns its site path. */
async function emit(outDir: string, name: string, width: number, format: Format, bytes: Buffer): Promise<string> {
  const file = `images/${name}-${width}.${createHash("sha256").update(bytes).digest("hex").slice(0, 8)}.${EXTENSION[format]}`;
  await writeFile(join(outDir, file), bytes);
  return `/${file}`;
}

/** WebP at each width, and a JPEG for the rest at `fallbackWidth`. */
async function responsive(outDir: string, art: Artwork, widths: number[], fallbackWidth: number): Promise<ResponsiveImage> {
  const [webp, fallback] = await Promise.all([
    Promise.all(widths.map(async (w) => `${await emit(outDir, art.name, w, "webp", await art.encode("webp", w))} ${w}w`)).then((candidates) =>
      candidates.join(", "),
    ),
    art.encode("jpeg", fallbackWidth).then((bytes) => emit(outDir, art.name, fallbackWidth, "jpeg", bytes)),
  ]);
  return { width: fallbackWidth, height: Math.round((art.height * fallbackWidth) / art.width), webp, fallback };
}

/** Social cards are 1200×630: the hero art, cropped to that shape around its centre. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** The site's images, and the dist-relative files written for them; `encoder` is the pipeline's, which it closes. */
export async function buildImages(outDir: string, encoder: Encoder): Promise<{ images: SiteData["images"]; files: string[] }> {
  await mkdir(join(outDir, "images"), { recursive: true });
  const hero = new Artwork("hero", await readFile("art/hero.svg"), 1600, encoder);
  const headshot = new Artwork("headshot", await readFile("art/headshot.svg"), 640, encoder);
  const [heroImage, headshotImage, ogImage] = await Promise.all([
    responsive(outDir, hero, [640, 768, 1024, 1600], 1600),
    responsive(outDir, headshot, [320, 480, 640], 640),
    hero.card(SOCIAL_CARD.width, SOCIAL_CARD.height).then((bytes) => emit(outDir, "hero-social", SOCIAL_CARD.width, "jpeg", bytes)),
  ]);
  const images = { hero: heroImage, headshot: headshotImage, ogImage };
  return { images, files: [...JSON.stringify(images).matchAll(/\/(images\/[^\s",]+)/g)].map((match) => match[1]) };
}
