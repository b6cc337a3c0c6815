// An image a page or content names: a module of its address and size (no sharp), so images encode what pages name.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { relative } from "node:path";
import type * as esbuild from "esbuild";
import { checkPlainSvg } from "./plain-svg.ts";

export const IMAGE_FILE = /\.(jpe?g|png|webp|svg)$/i;
export const WIDEST_SHOWN = 1920;
export const PIXEL_LIMIT = 16383 * 16383; // sharp's limitInputPixels
type Size = { width: number; height: number };

function svgSize(svg: string): Size | undefined {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const attribute = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(tag)?.[1]);
  const viewBox = /viewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(tag);
  const width = attribute("width") || Number(viewBox?.[1]);
  const height = attribute("height") || Number(viewBox?.[2]);
  return width && height ? { width, height } : undefined;
}

const PHOTO_TYPES = ["jpg", "png", "webp"];

/** As sharp's rotate() draws it (EXIF orientation 5 to 8 turns it a quarter); image-size loaded at the first photo. */
function photoSize(bytes: Buffer, file: string): Size {
  const { imageSize: readHeader } = createRequire(import.meta.url)("image-size") as typeof import("image-size");
  let found: string;
  try {
    const { type = "", width, height, orientation = 1 } = readHeader(bytes);
    if (PHOTO_TYPES.includes(type) && width && height) return orientation >= 5 ? { width: height, height: width } : { width, height };
    found = PHOTO_TYPES.includes(type) ? `its ${type.toUpperCase()} header gives no size` : `it is a ${type.toUpperCase()} image`;
  } catch (error) {
    const message = (error as Error).message;
    found = message.startsWith("unsupported file type") ? "its bytes are no image format" : `its header is broken: ${message}`;
  }
  throw new Error(`${file}: its size cannot be read (${found}); save it again as a JPEG, PNG or WebP`);
}

/** An image no page may show is refused before it is encoded: an SVG that is no plain drawing, a photograph too large for sharp. */
export function imageSize(bytes: Buffer, file: string): Size {
  if (file.toLowerCase().endsWith(".svg")) {
    const svg = bytes.toString("utf8");
    const size = svgSize(svg);
    if (!size) throw new Error(`${file}: its size cannot be read; give the <svg> width and height attributes or a viewBox`);
    checkPlainSvg(svg, file);
    return size;
  }
  const size = photoSize(bytes, file);
  if (size.width * size.height > PIXEL_LIMIT) {
    const side = Math.sqrt(PIXEL_LIMIT);
    throw new Error(
      `${file} is ${size.width}×${size.height} pixels; the largest an image may be is ${side}×${side} (${Math.floor(PIXEL_LIMIT / 1e6)} megapixels): scale it down, e.g. to ${WIDEST_SHOWN} px wide, the widest the site shows it, and save it again`,
    );
  }
  return size;
}

export function imageModule(root: string, path: string, bytes: Buffer): string {
  const src = relative(root, path).split("\\").join("/");
  return `export default ${JSON.stringify({ src, ...imageSize(bytes, src) })};`;
}

export const imagePlugin = (root: string): esbuild.Plugin => ({
  name: "images",
  setup: (build) =>
    build.onLoad({ filter: IMAGE_FILE }, async (args) => {
      try {
        return { contents: imageModule(root, args.path, await readFile(args.path)), loader: "js" };
      } catch (error) {
        return { errors: [{ text: (error as Error).message }] };
      }
    }),
});
