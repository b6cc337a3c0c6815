// The verdicts of the content files' checks, kept so that a file is checked once per text: within one
// load of the pages (the bundle, each collection's trace and a folder's module read the same files),
// across the dev server's loads (in memory), and across builds (a blob in the store for each verdict, checks/).
// A file is checked again when its text, site.yaml's text (its tokens), an image it names, the schema's
// and the checks' own sources, or the lockfile (the versions of zod, yaml and marked) change. Checking
// 1,000 Markdown notes took 1.25 s of a build in which one of them was edited.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { cacheKey, cacheKeys, readBlob, writeBlob } from "./cache.ts";
import { imagesIn } from "./content-fields.ts";
import { readIfExists } from "./files.ts";

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
  /** Passed verdicts by their key, from this process (the dev server's loads). */
  private readonly kept = new Map<string, Kept>();
  private readonly keyOf: (...parts: string[]) => string;
  /** The verdicts being written to the store. */
  private readonly writes: Promise<void>[] = [];

  /** `stored`: the verdicts are read from and kept in the store's blobs under `root` (a build's); else
   * in memory alone (the dev server's). */
  constructor(
    root: string,
    private readonly stored = false,
  ) {
    const lock = readIfExists(join(root, "package-lock.json")) ?? "";
    // What the verdicts are made by is in their key: a verdict of other checks is never read.
    this.keyOf = cacheKeys(lock, ...CHECKED_BY.map((path) => readIfExists(path) ?? ""));
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
    const blob = `checks/${key}.json`;
    const kept = this.kept.get(key) ?? this.readStored(blob, root);
    if (kept?.images.every(([src, bytes]) => bytesKey(root, src) === bytes)) return { data: kept.data, advice: kept.advice };
    const verdict = check();
    const made: Kept = { ...verdict, images: imagesIn(schema, verdict.data).map(({ image }) => [image.src, bytesKey(root, image.src)]) };
    this.kept.set(key, made);
    // A verdict not kept (a failed write, a build stopped by another file's problem) is only checked again.
    if (this.stored) this.writes.push(writeBlob(blob, JSON.stringify(made), root).catch(() => {}));
    return verdict;
  }

  /** A verdict an earlier build kept in the store (a build's), asked for only when this process has none. */
  private readStored(blob: string, root: string): Kept | undefined {
    const stored = this.stored ? readBlob(blob, root) : null;
    return stored ? (JSON.parse(stored.toString("utf8")) as Kept) : undefined;
  }

  /** The verdicts made since the last call, written (a build's). */
  async save(): Promise<void> {
    const writes = this.writes.splice(0);
    await Promise.all(writes);
  }
}
