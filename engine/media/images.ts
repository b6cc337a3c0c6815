// Encodes every image the page bundle names (a page's import, a content file's image field) into the
// responsive files a page shows, and the site's social image. Each file is named by the hash of what it is
// made of and cached by the same key, so a warm build never starts sharp (encoder.ts).
import { mkdir, readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { ResponsiveImage } from "../../components/SiteContext.tsx";
import { writeIfChanged } from "../outputs/output.ts";
import { keyOf } from "../state/key.ts";
import { cached } from "../state/store.ts";
import { type Encoder, type Encoding, encoderVersion, type Format } from "./encoder.ts";
import { imageSize, WIDEST_SHOWN } from "./image-modules.ts";

const EXTENSION: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** Each format's quality and effort (sharp's 0–9 for AVIF; WebP and JPEG at their defaults). */
const SETTINGS: Record<Format, { quality: number; effort?: number }> = {
  avif: { quality: 55, effort: 2 },
  webp: { quality: 72 },
  jpeg: { quality: 74 },
};

/**
 * Each kind of image's formats, offered at every width, best first (a JPEG at the widest follows them for
 * any browser that takes none), and whether a tiny version of it stands in while it loads.
 * Vector art (SVG): WebP alone, smaller than AVIF at six of the hero's seven sizes in a third of the time;
 * no placeholder: its smallest files are 2–4 KB, and the hero's section paints its own dark ground beneath it.
 * Photographs (JPEG, PNG, WebP): AVIF, then WebP. At the same SSIM, AVIF was a quarter to a third smaller
 * than JPEG (mozjpeg), and WebP a tenth to a quarter, for the browsers without AVIF; AVIF at effort 4 was
 * 0–10% smaller again but took 5–8 times as long as effort 2.
 */
const RECIPES: Record<"art" | "photo", { formats: Format[]; placeholder: boolean }> = {
  art: { formats: ["webp"], placeholder: false },
  photo: { formats: ["avif", "webp"], placeholder: true },
};

/** The widths every image is offered at, as far as its own width: phones at 1–3× (320–1280) and wide
 * screens; an image is offered at its own width too (up to the last), and not at a step within a tenth of it. */
const WIDTHS = [320, 480, 640, 768, 1024, 1280, 1600, WIDEST_SHOWN];

/** The placeholder's width: 16 px, blurred by the browser over the image's box (styles/_picture.scss). */
const PLACEHOLDER_WIDTH = 16;

/** An encoded file: its key (what it is made of, known before it is made), and its bytes to come. */
interface Encoded {
  key: string;
  bytes: Promise<Buffer>;
}

/** One image file, encoded only when the cache lacks one of its files. */
class ImageSource {
  readonly width: number;
  readonly height: number;
  readonly widths: number[];
  readonly recipe: (typeof RECIPES)["art"];
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
    const widest = Math.min(this.width, WIDEST_SHOWN);
    this.widths = [...WIDTHS.filter((w) => w < widest * 0.9), widest];
    this.name = basename(file, extname(file)).replace(/[^\w-]+/g, "-");
    const hash = keyOf(bytes);
    this.key = (...parts) => keyOf(version, hash, String(widest), ...parts);
  }

  get widest(): number {
    return this.widths.at(-1)!;
  }

  /** One of its files, keyed by `parts` and its settings. An SVG is drawn at its widest size; a
   * photograph's pixels at its own size, then resized. */
  encoded(parts: string[], resize: Encoding["resize"], format: Format | "placeholder", settings: { quality: number; effort?: number }): Encoded {
    const key = this.key(...parts, JSON.stringify(settings));
    const density = (72 * this.widest) / this.width;
    const encode = () =>
      this.encoder.encode({ name: this.file, source: this.bytes, raster: this.key(), widest: this.widest, density, resize, format, ...settings });
    return { key, bytes: cached("images", key, format === "placeholder" ? "webp" : EXTENSION[format], encode) };
  }

  encode(format: Format, width: number): Encoded {
    return this.encoded([format, String(width)], { width }, format, SETTINGS[format]);
  }

  /** Its placeholder as a data: address, or undefined where it has none (not opaque). */
  async placeholder(): Promise<string | undefined> {
    const bytes = await this.encoded(["placeholder", String(PLACEHOLDER_WIDTH)], { width: PLACEHOLDER_WIDTH }, "placeholder", { quality: 50 }).bytes;
    return bytes.length ? `data:image/webp;base64,${bytes.toString("base64")}` : undefined;
  }
}

/** Social cards are 1200×630: the site's social image (content/site.yaml), cropped to that shape around its centre. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** Each image's files by its project path, the social image's site path, and the files, written once `written` resolves. */
export interface BuiltImages {
  images: Record<string, ResponsiveImage>;
  socialImage: string;
  files: string[];
  written: Promise<void>;
}

/** The images the page bundle names (`files`) and the site's social image (one of them), written to the
 * output folder. Named before they are made, the pages are written while sharp encodes them on the other core
 * (a cold build of the real site waited ~0.5 s for it otherwise); only the placeholders, printed, are waited for. */
export async function buildImages(outDir: string, encoder: Encoder, files: string[], social: string): Promise<BuiltImages> {
  await mkdir(join(outDir, "images"), { recursive: true });
  const version = await encoderVersion;
  const sources = await Promise.all(files.map(async (file) => new ImageSource(file, await readFile(file), encoder, version)));
  const emitted: string[] = [];
  const writes: Promise<unknown>[] = [];
  /** Names a file by its key (what it is made of) and writes it once encoded; returns its site path. */
  const emit = (name: string, width: number, format: Format, { key, bytes }: Encoded): string => {
    const file = `images/${name}-${width}.${key.slice(0, 8)}.${EXTENSION[format]}`;
    emitted.push(file);
    const write = bytes.then((data) => writeIfChanged(join(outDir, file), data));
    // Reported where the build awaits `written`, at its end; until then not an unhandled rejection.
    write.catch(() => {});
    writes.push(write);
    return `/${file}`;
  };
  /** Each of its recipe's formats at each width, a JPEG at the widest, and its placeholder. */
  const responsive = async (source: ImageSource): Promise<ResponsiveImage> => {
    // Asked for first: the pages wait for it, not for the files.
    const placeholder = source.recipe.placeholder ? source.placeholder() : undefined;
    const srcset = (format: Format) => source.widths.map((w) => `${emit(source.name, w, format, source.encode(format, w))} ${w}w`).join(", ");
    return {
      width: source.widest,
      height: Math.round((source.height * source.widest) / source.width),
      sources: source.recipe.formats.map((format) => ({ type: `image/${format}`, srcSet: srcset(format) })),
      fallback: emit(source.name, source.widest, "jpeg", source.encode("jpeg", source.widest)),
      placeholder: await placeholder,
    };
  };
  const images = Object.fromEntries(await Promise.all(sources.map(async (source) => [source.file, await responsive(source)] as const)));
  const socialSource = sources.find((source) => source.file === social);
  if (!socialSource) throw new Error(`${social}: the social image is not one the pages name; name it in content/site.yaml (seoDefaults.image)`);
  // Cropped to the card's shape around its centre.
  const crop = socialSource.encoded(["card", String(SOCIAL_CARD.width), String(SOCIAL_CARD.height)], { ...SOCIAL_CARD, fit: "cover" }, "jpeg", SETTINGS.jpeg);
  const socialImage = emit(`${socialSource.name}-social`, SOCIAL_CARD.width, "jpeg", crop);
  const written = Promise.all(writes).then(() => {});
  written.catch(() => {});
  return { images, socialImage, files: emitted, written };
}
