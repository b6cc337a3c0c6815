// Rasterises the artwork in art/ into responsive WebP and JPEG files, content-hashed. Each encoded file
// is cached by its source and settings, so a warm build never loads sharp.
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
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

/**
 * One artwork, rasterised once at the widest size asked of it (the SVG renders sharp at any size, so
 * a larger raster would only cost time: the hero at twice its size took as long as encoding it) and
 * only when the cache lacks one of its files.
 */
class Artwork {
  readonly width: number;
  readonly height: number;
  private raster: Promise<{ data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }> | undefined;

  constructor(
    readonly name: string,
    readonly svg: Buffer,
    private readonly widest: number,
  ) {
    ({ width: this.width, height: this.height } = svgSize(svg.toString("utf8"), `art/${name}.svg`));
  }

  private async pixels() {
    const { default: sharp } = await import("sharp");
    this.raster ??= sharp(this.svg, { density: (72 * this.widest) / this.width })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { data, info } = await this.raster;
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }

  encode(format: Format, width: number): Promise<Buffer> {
    return cached("images", cacheKey(this.svg, format, String(width), String(QUALITY[format]), String(this.widest)), EXTENSION[format], async () => {
      const image = (await this.pixels()).resize({ width });
      if (format === "webp") return image.webp({ quality: QUALITY.webp }).toBuffer();
      return image.jpeg({ quality: QUALITY.jpeg, mozjpeg: true }).toBuffer();
    });
  }

  /** The art cropped to this shape around its centre, as JPEG. */
  card(width: number, height: number): Promise<Buffer> {
    return cached("images", cacheKey(this.svg, "card", String(width), String(height), String(QUALITY.jpeg), String(this.widest)), "jpg", async () =>
      (await this.pixels()).resize({ width, height, fit: "cover" }).jpeg({ quality: QUALITY.jpeg, mozjpeg: true }).toBuffer(),
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

/** The site's images, and the dist-relative files written for them. */
export async function buildImages(outDir: string): Promise<{ images: SiteData["images"]; files: string[] }> {
  await mkdir(join(outDir, "images"), { recursive: true });
  const hero = new Artwork("hero", await readFile("art/hero.svg"), 1600);
  const headshot = new Artwork("headshot", await readFile("art/headshot.svg"), 640);
  const [heroImage, headshotImage, ogImage] = await Promise.all([
    responsive(outDir, hero, [640, 768, 1024, 1600], 1600),
    responsive(outDir, headshot, [320, 480, 640], 640),
    hero.card(SOCIAL_CARD.width, SOCIAL_CARD.height).then((bytes) => emit(outDir, "hero-social", SOCIAL_CARD.width, "jpeg", bytes)),
  ]);
  const images = { hero: heroImage, headshot: headshotImage, ogImage };
  return { images, files: [...JSON.stringify(images).matchAll(/\/(images\/[^\s",]+)/g)].map((match) => match[1]) };
}
