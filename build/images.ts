// Rasterises the artwork in art/ into responsive AVIF, WebP and JPEG files, content-hashed.
// Encoding is slow (AVIF ~1 s an image), so each encoded file is cached by its source and settings.
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ResponsiveImage, SiteData } from "../components/SiteContext.tsx";
import { cached, cacheKey } from "./cache.ts";

type Format = "avif" | "webp" | "jpeg";
const EXTENSION: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
const QUALITY: Record<Format, number> = { avif: 50, webp: 72, jpeg: 74 };
/** AVIF encoder effort: measured on the hero at 1600 px, effort 4 (sharp's default) took 5.8 s for
 * 18.7 KB, effort 2 took 0.74 s for 21.1 KB, effort 0 0.25 s for 24.3 KB. Effort 2 keeps a cold
 * build fast for a few hundred bytes per image. */
const AVIF_EFFORT = 2;

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

function encode(svg: Buffer, format: Format, width: number): Promise<Buffer> {
  return cached("images", cacheKey(svg, format, String(width), String(QUALITY[format]), String(AVIF_EFFORT)), EXTENSION[format], async () => {
    const { default: sharp } = await import("sharp");
    const image = sharp(svg, { density: 144 }).resize({ width });
    if (format === "avif") return image.avif({ quality: QUALITY.avif, effort: AVIF_EFFORT }).toBuffer();
    if (format === "webp") return image.webp({ quality: QUALITY.webp }).toBuffer();
    return image.jpeg({ quality: QUALITY.jpeg, mozjpeg: true }).toBuffer();
  });
}

/** Writes one file with its content hash in the name and returns its site path. */
async function emit(outDir: string, name: string, width: number, format: Format, bytes: Buffer): Promise<string> {
  const file = `images/${name}-${width}.${createHash("sha256").update(bytes).digest("hex").slice(0, 8)}.${EXTENSION[format]}`;
  await writeFile(join(outDir, file), bytes);
  return `/${file}`;
}

async function responsive(outDir: string, name: string, widths: number[], fallbackWidth: number): Promise<ResponsiveImage> {
  const file = `art/${name}.svg`;
  const svg = await readFile(file);
  const { width, height } = svgSize(svg.toString("utf8"), file);
  const srcset = async (format: Format) =>
    (await Promise.all(widths.map(async (w) => `${await emit(outDir, name, w, format, await encode(svg, format, w))} ${w}w`))).join(", ");
  const [avif, webp, fallback] = await Promise.all([
    srcset("avif"),
    srcset("webp"),
    encode(svg, "jpeg", fallbackWidth).then((bytes) => emit(outDir, name, fallbackWidth, "jpeg", bytes)),
  ]);
  return { width: fallbackWidth, height: Math.round((height * fallbackWidth) / width), avif, webp, fallback };
}

/** Social cards are 1200×630: the hero art, cropped to that shape around its centre. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

function socialCard(svg: Buffer): Promise<Buffer> {
  const { width, height } = SOCIAL_CARD;
  return cached("images", cacheKey(svg, "social", String(width), String(height), String(QUALITY.jpeg)), "jpg", async () => {
    const { default: sharp } = await import("sharp");
    return sharp(svg, { density: 144 }).resize({ width, height, fit: "cover" }).jpeg({ quality: QUALITY.jpeg, mozjpeg: true }).toBuffer();
  });
}

export async function buildImages(outDir: string): Promise<SiteData["images"]> {
  await mkdir(join(outDir, "images"), { recursive: true });
  const [hero, headshot, ogImage] = await Promise.all([
    responsive(outDir, "hero", [640, 768, 1024, 1600], 1600),
    responsive(outDir, "headshot", [320, 480, 640], 640),
    readFile("art/hero.svg")
      .then(socialCard)
      .then((bytes) => emit(outDir, "hero-social", SOCIAL_CARD.width, "jpeg", bytes)),
  ]);
  return { hero, headshot, ogImage };
}
