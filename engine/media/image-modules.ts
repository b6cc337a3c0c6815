// An image a page imports (`import hero from "../../art/hero.svg"`) or a content file names in an image field
// becomes a module of its address in the project and its intrinsic size, read from the file's header
// here, without sharp (which a warm build never loads). Being a module, the image is an input of the page
// bundle like any other file (or, for a folder collection's entry in a build, of its graph: engine/pipeline/page-sources.ts
// withEntries): the images step encodes exactly the images the pages name, and each page's
// sources (its sitemap date, its re-render in the dev server) include the images it shows.
// One transform, three loaders, as for content (engine/content/modules.ts): esbuild's, Node's and Vite's.
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import type * as esbuild from "esbuild";
import { checkPlainSvg } from "./plain-svg.ts";

/** The files that can be images: photographs (JPEG, PNG, WebP) and vector art (SVG). */
export const IMAGE_FILE = /\.(jpe?g|png|webp|svg)$/i;

/** The intrinsic size an SVG declares: its width and height attributes, else its viewBox. */
function svgSize(svg: string): { width: number; height: number } | undefined {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const attribute = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(tag)?.[1]);
  const viewBox = /viewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(tag);
  const width = attribute("width") || Number(viewBox?.[1]);
  const height = attribute("height") || Number(viewBox?.[2]);
  return width && height ? { width, height } : undefined;
}

/** A PNG's size: its first chunk (IHDR) holds it. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A WebP's size, from whichever of its three kinds of first chunk it has. */
function webpSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 30 || bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WEBP") return undefined;
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X") return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === "VP8L") {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  return undefined;
}

/** The EXIF orientation a JPEG's APP1 segment holds (1 when none): 5 to 8 turn the picture a quarter. */
function exifOrientation(segment: Buffer): number {
  if (segment.toString("latin1", 0, 6) !== "Exif\0\0") return 1;
  const tiff = segment.subarray(6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  for (let i = 0; i < u16(directory); i++) {
    const entry = directory + 2 + i * 12;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

/** A JPEG's size: its start-of-frame segment's, turned as its EXIF orientation says (as sharp's rotate() shows it). */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let orientation = 1;
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    if (marker === 0xe1) orientation = exifOrientation(bytes.subarray(at + 4, at + 2 + length));
    // SOF0 to SOF15, except DHT (c4), JPG (c8) and DAC (cc), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      return orientation >= 5 ? { width: height, height: width } : { width, height };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The widest an image is shown at: engine/media/images.ts offers each at widths up to it. */
export const WIDEST_SHOWN = 1920;

/** The most pixels a photograph may have: sharp's own limit (its limitInputPixels, 16383 × 16383), past which
 * it refuses to decode one; told from the header, before any encoding, with the fix. */
export const PIXEL_LIMIT = 16383 * 16383;

/** The size a visitor sees the image at, read from its file's header; `file` names it in the error. An
 * image no page may show is refused here, before it is encoded: an SVG that is no plain drawing
 * (engine/media/plain-svg.ts), a photograph of more pixels than sharp decodes. */
export function imageSize(bytes: Buffer, file: string): { width: number; height: number } {
  const svg = file.toLowerCase().endsWith(".svg") ? bytes.toString("utf8") : undefined;
  const size = svg !== undefined ? svgSize(svg) : (jpegSize(bytes) ?? pngSize(bytes) ?? webpSize(bytes));
  if (!size?.width || !size.height) {
    const fix = svg !== undefined ? "give the <svg> width and height attributes or a viewBox" : "save it again as a JPEG, PNG or WebP";
    throw new Error(`${file}: its size cannot be read; ${fix}`);
  }
  if (svg !== undefined) checkPlainSvg(svg, file);
  else if (size.width * size.height > PIXEL_LIMIT) {
    const side = Math.sqrt(PIXEL_LIMIT);
    throw new Error(
      `${file} is ${size.width}×${size.height} pixels; the largest an image may be is ${side}×${side} (${Math.floor(PIXEL_LIMIT / 1e6)} megapixels): scale it down, e.g. to ${WIDEST_SHOWN} px wide, the widest the site shows it, and save it again`,
    );
  }
  return size;
}

/** The module the image file at `path` (absolute) becomes: its address from the project's folder and its size. */
export function imageModule(root: string, path: string, bytes: Buffer): string {
  const src = relative(root, path).split("\\").join("/");
  return `export default ${JSON.stringify({ src, ...imageSize(bytes, src) })};`;
}

/** The page bundle's loader for images; a file it cannot read stops the bundle with its message. */
export function imagePlugin(root: string): esbuild.Plugin {
  return {
    name: "images",
    setup(build) {
      build.onLoad({ filter: IMAGE_FILE }, async (args) => {
        try {
          return { contents: imageModule(root, args.path, await readFile(args.path)), loader: "js" };
        } catch (error) {
          return { errors: [{ text: error instanceof Error ? error.message : String(error) }] };
        }
      });
    },
  };
}
