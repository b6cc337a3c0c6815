// Rasterises the artwork in art/ into responsive AVIF, WebP and JPEG files. Encoding AVIF is slow,
// so every encoded file is cached in .cache/images by a hash of its source and settings.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import type { ResponsiveImage, SiteData } from "../components/SiteContext.tsx";

const CACHE_DIR = ".cache/images";

type Format = "avif" | "webp" | "jpeg";
const EXTENSION: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
const QUALITY: Record<Format, number> = { avif: 50, webp: 72, jpeg: 74 };

const hash = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

async function encode(svg: Buffer, format: Format, width: number): Promise<Buffer> {
  const key = hash(`${hash(svg)}:${format}:${width}:${QUALITY[format]}`);
  const cached = join(CACHE_DIR, `${key}.${EXTENSION[format]}`);
  if (existsSync(cached)) return readFile(cached);
  const image = sharp(svg, { density: 144 }).resize({ width });
  const bytes = await (format === "avif"
    ? image.avif({ quality: QUALITY.avif })
    : format === "webp"
      ? image.webp({ quality: QUALITY.webp })
      : image.jpeg({ quality: QUALITY.jpeg, mozjpeg: true })
  ).toBuffer();
  await writeFile(cached, bytes);
  return bytes;
}

/** Writes one file with its content hash in the name and returns its site path. */
async function emit(outDir: string, name: string, width: number, format: Format, bytes: Buffer): Promise<string> {
  const file = `images/${name}-${width}.${hash(bytes).slice(0, 8)}.${EXTENSION[format]}`;
  await writeFile(join(outDir, file), bytes);
  return `/${file}`;
}

async function responsive(outDir: string, name: string, widths: number[], fallbackWidth: number): Promise<ResponsiveImage> {
  const svg = await readFile(`art/${name}.svg`);
  const { width = 0, height = 0 } = await sharp(svg).metadata();
  if (!width || !height) throw new Error(`art/${name}.svg: no width and height; give the <svg> a viewBox with width and height`);
  const srcset = async (format: Format) =>
    (await Promise.all(widths.map(async (w) => `${await emit(outDir, name, w, format, await encode(svg, format, w))} ${w}w`))).join(", ");
  const [avif, webp, fallback] = await Promise.all([
    srcset("avif"),
    srcset("webp"),
    encode(svg, "jpeg", fallbackWidth).then((bytes) => emit(outDir, name, fallbackWidth, "jpeg", bytes)),
  ]);
  return { width: fallbackWidth, height: Math.round((height * fallbackWidth) / width), avif, webp, fallback };
}

export async function buildImages(outDir: string): Promise<SiteData["images"]> {
  await mkdir(CACHE_DIR, { recursive: true });
  await mkdir(join(outDir, "images"), { recursive: true });
  const [hero, headshot, ogImage] = await Promise.all([
    responsive(outDir, "hero", [640, 1024, 1600], 1600),
    responsive(outDir, "headshot", [320, 640], 640),
    readFile("art/og.svg").then((svg) => encode(svg, "jpeg", 1200)).then((bytes) => emit(outDir, "og", 1200, "jpeg", bytes)),
  ]);
  return { hero, headshot, ogImage };
}
