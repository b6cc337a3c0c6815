// Every image the page bundle names as the responsive files a page shows, each named by the hash of what it is
// made of and cached by the same key, so a warm build never starts sharp.
import { readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { ResponsiveImage } from "../../components/SiteContext.tsx";
import { writeIfChanged } from "../outputs/output.ts";
import { keyOf } from "../state/key.ts";
import { cached } from "../state/store.ts";
import { type Encoder, type Encoding, encoderVersion, type Format } from "./encoder.ts";
import { imageSize, WIDEST_SHOWN } from "./image-modules.ts";

const EXTENSION: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** Each format's quality and effort (sharp's 0–9 for AVIF: effort 4 was 5–8 times as slow for 0–10% less). */
const SETTINGS: Record<Format, { quality: number; effort?: number }> = { avif: { quality: 55, effort: 2 }, webp: { quality: 72 }, jpeg: { quality: 74 } };

/** Each kind's formats at every width, best first (then a JPEG at the widest for a browser that takes neither),
 * and whether a tiny version stands in while it loads. Art (SVG): WebP, smaller than AVIF at most sizes in a
 * third of the time, and no placeholder (its section paints a ground beneath it). Photographs: AVIF, then WebP. */
const RECIPES: Record<"art" | "photo", { formats: Format[]; placeholder: boolean }> = {
  art: { formats: ["webp"], placeholder: false },
  photo: { formats: ["avif", "webp"], placeholder: true },
};

/** Phones at 1–3× and wide screens, as far as the image's own width (offered too, unless within a tenth of a step). */
const WIDTHS = [320, 480, 640, 768, 1024, 1280, 1600, WIDEST_SHOWN];

/** Blurred by the browser over the image's box (styles/_picture.scss). */
const PLACEHOLDER_WIDTH = 16;

/** Its key is known before it is made. */
type Encoded = { key: string; bytes: Promise<Buffer> };

function imageSource(file: string, bytes: Buffer, encoder: Encoder, version: string) {
  const { width, height } = imageSize(bytes, file);
  const widest = Math.min(width, WIDEST_SHOWN);
  const hash = keyOf(bytes);
  const key = (...parts: string[]) => keyOf(version, hash, String(widest), ...parts);
  return {
    file,
    height: Math.round((height * widest) / width),
    widest,
    widths: [...WIDTHS.filter((w) => w < widest * 0.9), widest],
    recipe: extname(file).toLowerCase() === ".svg" ? RECIPES.art : RECIPES.photo,
    name: basename(file, extname(file)).replace(/[^\w-]+/g, "-"),
    /** One of its files. Its pixels are drawn once, at its widest (an SVG) or its own size (a photograph). */
    encoded(parts: string[], resize: Encoding["resize"], format: Format | "placeholder", settings: { quality: number; effort?: number }): Encoded {
      const fileKey = key(...parts, JSON.stringify(settings));
      const encode = () => encoder.encode({ name: file, source: bytes, raster: key(), widest, density: (72 * widest) / width, resize, format, ...settings });
      return { key: fileKey, bytes: cached("images", fileKey, format === "placeholder" ? "webp" : EXTENSION[format], encode) };
    },
  };
}

/** Social cards are 1200×630: the site's social image (content/site.yaml), cropped to that shape around its centre. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** Named before they are made, the pages are written while sharp encodes them on the other core. */
export async function buildImages(outDir: string, encoder: Encoder, files: string[], social: string) {
  const version = await encoderVersion;
  const sources = await Promise.all(files.map(async (file) => imageSource(file, await readFile(file), encoder, version)));
  const emitted: string[] = [];
  const writes: Promise<unknown>[] = [];
  const emit = (name: string, width: number, format: Format, { key, bytes }: Encoded): string => {
    const file = `images/${name}-${width}.${key.slice(0, 8)}.${EXTENSION[format]}`;
    emitted.push(file);
    const write = bytes.then((data) => writeIfChanged(join(outDir, file), data));
    write.catch(() => {}); // reported where the build awaits `written`
    writes.push(write);
    return `/${file}`;
  };
  const responsive = async (source: ReturnType<typeof imageSource>): Promise<ResponsiveImage> => {
    // Asked for first: the pages wait for it, not for the files.
    const placeholder = source.recipe.placeholder
      ? source.encoded(["placeholder", String(PLACEHOLDER_WIDTH)], { width: PLACEHOLDER_WIDTH }, "placeholder", { quality: 50 }).bytes
      : undefined;
    const at = (format: Format, width: number) =>
      emit(source.name, width, format, source.encoded([format, String(width)], { width }, format, SETTINGS[format]));
    const sources = source.recipe.formats.map((format) => ({ type: `image/${format}`, srcSet: source.widths.map((w) => `${at(format, w)} ${w}w`).join(", ") }));
    const fallback = at("jpeg", source.widest);
    const bytes = await placeholder;
    return {
      width: source.widest,
      height: source.height,
      sources,
      fallback,
      placeholder: bytes?.length ? `data:image/webp;base64,${bytes.toString("base64")}` : undefined,
    };
  };
  const images = Object.fromEntries(await Promise.all(sources.map(async (source) => [source.file, await responsive(source)] as const)));
  const socialSource = sources.find((source) => source.file === social);
  if (!socialSource) throw new Error(`${social}: the social image is not one the pages name; name it in content/site.yaml (seoDefaults.image)`);
  const crop = socialSource.encoded(["card", String(SOCIAL_CARD.width), String(SOCIAL_CARD.height)], { ...SOCIAL_CARD, fit: "cover" }, "jpeg", SETTINGS.jpeg);
  const socialImage = emit(`${socialSource.name}-social`, SOCIAL_CARD.width, "jpeg", crop);
  const written = Promise.all(writes).then(() => {});
  written.catch(() => {});
  return { images, socialImage, files: emitted, written };
}
