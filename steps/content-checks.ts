// The verdicts of the content files' checks, kept so that a file is checked once per text: within one
// load of the pages (the bundle, each collection's trace and a folder's module read the same files),
// across the dev server's loads (in memory), and across builds (in .cache/, by a build's pages).
// A file is checked again when its text, site.yaml's text (its tokens), an image it names, the schema's
// and the checks' own sources, or the lockfile (the versions of zod, yaml and marked) change. Checking
// 1,000 Markdown notes took 1.25 s of a build in which one of them was edited.
import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { CACHE_DIR, cacheKey, cacheKeys } from "./cache.ts";
import { imagesIn } from "./content-fields.ts";
import { readIfExists, writeWhole } from "./files.ts";

/** A file's data, checked, and the advice on it (steps/content.ts readContentFile). */
export interface Verdict {
  data: unknown;
  advice: string[];
}

/** A verdict kept across loads: with each image the file names and the hash of its bytes, read for its size. */
interface Kept extends Verdict {
  images: [src: string, key: string][];
}

/** What the verdicts are made by: the schema, the tokens, the Markdown reader and the checks themselves. */
const CHECKED_BY = [
  "../content/collections.ts",
  "../content/markdown.ts",
  "../content/markdown-reader.ts",
  "../content/tokens.ts",
  "./content-checks.ts",
  "./content-fields.ts",
  "./content-read.ts",
  "./image-modules.ts",
].map((path) => fileURLToPath(new URL(path, import.meta.url)));

/** Where a build keeps its verdicts. */
export const CHECKS_FILE = join(CACHE_DIR, "content-checks.json");

const SITE_FILE = "content/site.yaml";

const bytesKey = (root: string, src: string) => {
  const bytes = readIfExists(join(root, src));
  return bytes ? cacheKey(bytes) : "";
};

/** Content that fails its schema: every problem found in the file, each on a line of its own. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ContentError";
  }
}

export class ContentChecks {
  /** This load's verdicts by path and text, a file's problems too (a ContentError). */
  private readonly thisLoad = new Map<string, Verdict | ContentError>();
  /** Passed verdicts by their key, from earlier loads (or the file) and this process. */
  private readonly kept = new Map<string, Kept>();
  /** The keys looked up or added since the verdicts were last saved: what a save keeps. */
  private readonly used = new Set<string>();
  private added = false;
  /** The hash of what the verdicts are made by: kept verdicts of another are not read. */
  private readonly engine: string;
  private readonly keyOf: (...parts: string[]) => string;

  /** `file`: where verdicts are read from now and saved to by save() (a build's); none: memory alone (the dev server's). */
  constructor(
    root: string,
    private readonly file?: string,
  ) {
    const lock = readIfExists(join(root, "package-lock.json")) ?? "";
    this.engine = cacheKey(lock, ...CHECKED_BY.map((path) => readIfExists(path) ?? ""));
    this.keyOf = cacheKeys(this.engine);
    if (file && existsSync(file)) {
      try {
        const saved = JSON.parse(readFileSync(file, "utf8")) as { engine: string; verdicts: Record<string, Kept> };
        if (saved.engine === this.engine) for (const [key, verdict] of Object.entries(saved.verdicts)) this.kept.set(key, verdict);
      } catch {
        // Not JSON (it is written whole, so only a hand's edit does that): every file is checked anew.
      }
    }
  }

  /** site.yaml's text in this load, by project: read once, not once for each of a thousand entries. */
  private readonly siteTexts = new Map<string, string>();

  /** Starts a load: the files are read anew (an image or site.yaml saved since may change a verdict). */
  startLoad(): void {
    this.thisLoad.clear();
    this.siteTexts.clear();
  }

  private siteText(root: string): string {
    let text = this.siteTexts.get(root);
    if (text === undefined) {
      text = readIfExists(join(root, SITE_FILE))?.toString("utf8") ?? "";
      this.siteTexts.set(root, text);
    }
    return text;
  }

  /** The verdict on a content file of `root` with this text: kept, or made by `check` (which throws a file's problems). */
  check(root: string, file: string, source: string, schema: z.ZodType | undefined, check: () => Verdict): Verdict {
    const loadKey = `${root}\0${file}\0${source}`;
    let found = this.thisLoad.get(loadKey);
    if (!found) {
      try {
        found = this.keptOrChecked(root, file, source, schema, check);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        found = error;
      }
      this.thisLoad.set(loadKey, found);
    }
    if (found instanceof ContentError) throw found;
    return found;
  }

  /** A verdict kept from an earlier load, where the file, site.yaml and its images are as they were; else checked now. */
  private keptOrChecked(root: string, file: string, source: string, schema: z.ZodType | undefined, check: () => Verdict): Verdict {
    const key = this.keyOf(file, source, file === SITE_FILE ? "" : this.siteText(root));
    const kept = this.kept.get(key);
    if (kept?.images.every(([src, bytes]) => bytesKey(root, src) === bytes)) {
      this.used.add(key);
      return { data: kept.data, advice: kept.advice };
    }
    const verdict = check();
    this.kept.set(key, { ...verdict, images: imagesIn(schema, verdict.data).map(({ image }) => [image.src, bytesKey(root, image.src)]) });
    this.used.add(key);
    this.added = true;
    return verdict;
  }

  /** Writes the verdicts used since the last save to the file (a build's), when any is new or any went unused. */
  async save(): Promise<void> {
    if (!this.file) return;
    // A load that checked nothing (a bundle kept whole) says nothing of which verdicts are still wanted.
    const unused = [...this.kept.keys()].some((key) => !this.used.has(key));
    if (this.used.size && (this.added || unused)) {
      const verdicts = Object.fromEntries([...this.used].map((key) => [key, this.kept.get(key)]));
      await mkdir(dirname(this.file), { recursive: true });
      await writeWhole(this.file, JSON.stringify({ engine: this.engine, verdicts }));
    }
    this.used.clear();
    this.added = false;
  }
}
