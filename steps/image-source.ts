// One image file as the images step offers it: how its kind is encoded (a recipe: the formats, their
// quality, a placeholder or none), the widths it is offered at, and each of its files, named by the hash
// of what it is made of and encoded only when the cache lacks it.
import { basename, extname } from "node:path";
import { cached, cacheKey } from "./cache.ts";
import type { Encoder, Encoding, Format } from "./encoder.ts";
import { imageSize } from "./image-modules.ts";

export const EXTENSION: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

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
 * Vector art (SVG): WebP alone, smaller than AVIF at six of the hero's seven sizes in a third of the time;
 * no placeholder: its smallest files are 2–4 KB, and the hero's section paints its own dark ground beneath it.
 * Photographs (JPEG, PNG, WebP): AVIF, then WebP. At the same SSIM, AVIF was a quarter to a third smaller
 * than JPEG (mozjpeg), and WebP a tenth to a quarter, for the browsers without AVIF; AVIF at effort 4 was
 * 0–10% smaller again but took 5–8 times as long as effort 2.
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

/** An encoded file: its name, known from what it is made of before it is made, and its bytes to come. */
export interface Encoded {
  key: string;
  bytes: Promise<Buffer>;
}

/** One image file, encoded only when the cache lacks one of its files. */
export class ImageSource {
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

  /** One of its files, keyed by `parts` and its settings, encoded only when the cache lacks it. */
  private encoded(
    parts: string[],
    extension: string,
    resize: Encoding["resize"],
    format: Encoding["format"],
    settings: { quality: number; effort?: number },
  ): Encoded {
    const key = this.key(...parts, JSON.stringify(settings));
    // An SVG drawn at its widest size; a photograph's pixels are drawn at its own size and resized.
    const density = (72 * this.widest) / this.width;
    const encode = () =>
      this.encoder.encode({ name: this.file, source: this.bytes, raster: this.key(), widest: this.widest, density, resize, format, ...settings });
    return { key, bytes: cached("images", key, extension, encode) };
  }

  encode(format: Format, width: number): Encoded {
    return this.encoded([format, String(width)], EXTENSION[format], { width }, format, SETTINGS[format]);
  }

  /** The image cropped to this shape around its centre, as JPEG. */
  card(width: number, height: number): Encoded {
    return this.encoded(["card", String(width), String(height)], "jpg", { width, height, fit: "cover" }, "jpeg", SETTINGS.jpeg);
  }

  /** Its placeholder as a data: address, or undefined where it has none (not opaque). */
  async placeholder(): Promise<string | undefined> {
    const bytes = await this.encoded(["placeholder", String(PLACEHOLDER_WIDTH)], "webp", { width: PLACEHOLDER_WIDTH }, "placeholder", { quality: 50 }).bytes;
    return bytes.length ? `data:image/webp;base64,${bytes.toString("base64")}` : undefined;
  }
}
