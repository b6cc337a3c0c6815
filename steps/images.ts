// Encodes every image the page bundle names (steps/image-modules.ts: a page's import, a content file's
// image field) into the responsive files a page shows, each named by the hash of what it is made of
// (steps/image-source.ts), and the site's social image. Each encoded file is cached by the same key, so a
// warm build never starts sharp (which runs in a process of its own: steps/encoder.ts).
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ResponsiveImage } from "../components/SiteContext.tsx";
import { type Encoder, encoderVersion, type Format } from "./encoder.ts";
import { type Encoded, EXTENSION, ImageSource } from "./image-source.ts";
import { writeIfChanged } from "./output.ts";

/** The images of a build: their site paths (known at once), and the writing of their files. */
class Emitter {
  /** The dist-relative files named so far, and the writing of each. */
  readonly files: string[] = [];
  readonly writes: Promise<unknown>[] = [];

  constructor(private readonly outDir: string) {}

  /** Names the file by its key (what it is made of) and writes it once encoded; returns its site path. */
  emit(name: string, width: number, format: Format, { key, bytes }: Encoded): string {
    const file = `images/${name}-${width}.${key.slice(0, 8)}.${EXTENSION[format]}`;
    this.files.push(file);
    const write = bytes.then((data) => writeIfChanged(join(this.outDir, file), data));
    // Awaited with the rest (`written`); should a later image fail the step first, not an unhandled rejection.
    write.catch(() => {});
    this.writes.push(write);
    return `/${file}`;
  }

  /** Each of its recipe's formats at each width, a JPEG at the widest, and its placeholder. */
  async responsive(source: ImageSource): Promise<ResponsiveImage> {
    // Asked for first: the pages wait for it, not for the files.
    const placeholder = source.recipe.placeholder ? source.placeholder() : undefined;
    const srcset = (format: Format) => source.widths.map((w) => `${this.emit(source.name, w, format, source.encode(format, w))} ${w}w`).join(", ");
    return {
      width: source.widest,
      height: source.heightAt(source.widest),
      sources: source.recipe.formats.map((format) => ({ type: `image/${format}`, srcSet: srcset(format) })),
      fallback: this.emit(source.name, source.widest, "jpeg", source.encode("jpeg", source.widest)),
      placeholder: await placeholder,
    };
  }
}

/** Social cards are 1200×630: the site's social image (content/site.yaml), cropped to that shape around its centre. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** What the images step made: each image's files by its project path, the social image's site path, and
 * the dist-relative files, written once `written` resolves. */
export interface BuiltImages {
  images: Record<string, ResponsiveImage>;
  socialImage: string;
  files: string[];
  written: Promise<void>;
}

/**
 * The images the page bundle names (`files`, project paths) and the site's social image (`social`, one of
 * them), written to the output folder; `encoder` is the pipeline's. Each file is named by the hash of what
 * it is made of, as Astro names its images, so the pages can be rendered and written while sharp encodes
 * them on the other core: `written` resolves once every file is in the output folder (a cold build of
 * the real site waited ~0.5 s for the encoder before it could render a page). Only the placeholders are
 * waited for, as the pages print them.
 */
export async function buildImages(outDir: string, encoder: Encoder, files: string[], social: string): Promise<BuiltImages> {
  await mkdir(join(outDir, "images"), { recursive: true });
  const version = await encoderVersion;
  const sources = await Promise.all(files.map(async (file) => new ImageSource(file, await readFile(file), encoder, version)));
  const emitter = new Emitter(outDir);
  const images = Object.fromEntries(await Promise.all(sources.map(async (source) => [source.file, await emitter.responsive(source)] as const)));
  const socialSource = sources.find((source) => source.file === social);
  if (!socialSource) throw new Error(`${social}: the social image is not one the pages name; name it in content/site.yaml (seoDefaults.image)`);
  const socialImage = emitter.emit(`${socialSource.name}-social`, SOCIAL_CARD.width, "jpeg", socialSource.card(SOCIAL_CARD.width, SOCIAL_CARD.height));
  const written = Promise.all(emitter.writes).then(() => {});
  // A failure is reported where the build awaits it, at its end; until then it is not an unhandled rejection.
  written.catch(() => {});
  return { images, socialImage, files: emitter.files, written };
}
