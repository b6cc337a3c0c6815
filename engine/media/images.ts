// Every image the pages name as responsive files, named and cached by the hash of their making: a warm build never starts sharp.
import { readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { ResponsiveImage } from "../../components/SiteContext.tsx";
import { writeIfChanged } from "../outputs/output.ts";
import { keyOf } from "../state/key.ts";
import { cached } from "../state/store.ts";
import { type Encoder, type Encoding, encoderVersion, type Format } from "./encoder.ts";
import { imageSize, WIDEST_SHOWN } from "./image-modules.ts";

const EXTENSION: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** AVIF's effort 4 is 5–8 times as slow as 2 for 0–10% less. */
const SETTINGS: Record<Format, { quality: number; effort?: number }> = { avif: { quality: 55, effort: 2 }, webp: { quality: 72 }, jpeg: { quality: 74 } };

const WIDTHS = [320, 480, 640, 768, 1024, 1280, 1600, WIDEST_SHOWN]; // phones at 1–3× and wide screens

const PLACEHOLDER_WIDTH = 16; // blurred over the image's box (styles/_picture.scss)

type Encoded = { key: string; bytes: Promise<Buffer> };

function imageSource(file: string, bytes: Buffer, encoder: Encoder, version: string) {
  const { width, height } = imageSize(bytes, file);
  const widest = Math.min(width, WIDEST_SHOWN);
  const hash = keyOf(bytes);
  const key = (...parts: string[]) => keyOf(version, hash, String(widest), ...parts);
  const art = extname(file).toLowerCase() === ".svg";
  return {
    file,
    height: Math.round((height * widest) / width),
    widest,
    widths: [...WIDTHS.filter((w) => w < widest * 0.9), widest],
    // Then a JPEG at the widest. Art: WebP beats AVIF in a third of the time; its section's ground is its placeholder.
    formats: art ? ["webp" as const] : ["avif" as const, "webp" as const],
    placeholder: !art,
    name: basename(file, extname(file)).replace(/[^\w-]+/g, "-"),
    encoded(parts: string[], resize: Encoding["resize"], format: Format | "placeholder", settings: { quality: number; effort?: number }): Encoded {
      const fileKey = key(...parts, JSON.stringify(settings));
      const encode = () => encoder.encode({ name: file, source: bytes, raster: key(), widest, density: (72 * widest) / width, resize, format, ...settings });
      return { key: fileKey, bytes: cached("images", fileKey, format === "placeholder" ? "webp" : EXTENSION[format], encode) };
    },
  };
}

export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** Named before they are made: the pages are written while sharp encodes them. */
export async function buildImages(outDir: string, encoder: Encoder, files: string[], social: string) {
  const version = await encoderVersion;
  const sources = await Promise.all(files.map(async (file) => imageSource(file, await readFile(file), encoder, version)));
  const emitted: string[] = [];
  const writes: Promise<unknown>[] = [];
  const emit = (name: string, width: number, format: Format, { key, bytes }: Encoded): string => {
    const file = `images/${name}-${width}.${key.slice(0, 8)}.${EXTENSION[format]}`;
    emitted.push(file);
    const write = bytes.then((data) => writeIfChanged(join(outDir, file), data));
    write.catch(() => {}); // reported through `written`
    writes.push(write);
    return `/${file}`;
  };
  const responsive = async (source: ReturnType<typeof imageSource>): Promise<ResponsiveImage> => {
    // Asked for first: the pages wait for it.
    const placeholder = source.placeholder
      ? source.encoded(["placeholder", String(PLACEHOLDER_WIDTH)], { width: PLACEHOLDER_WIDTH }, "placeholder", { quality: 50 }).bytes
      : undefined;
    const at = (format: Format, width: number) =>
      emit(source.name, width, format, source.encoded([format, String(width)], { width }, format, SETTINGS[format]));
    const sources = source.formats.map((format) => ({ type: `image/${format}`, srcSet: source.widths.map((w) => `${at(format, w)} ${w}w`).join(", ") }));
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
