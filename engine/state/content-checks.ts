// The verdicts of the content files' checks, kept so that a file is checked once per text: within one
// load of the pages (the bundle, each collection's trace and a folder's entries read the same files),
// across the dev server's loads (in memory), and across builds (one blob in the store, checks/, with each file's last verdict).
// A file is checked again when its text, site.yaml's text (its tokens), an image it names, the schema's
// and the checks' own sources, or the lockfile (the versions of zod, yaml and marked) change. Checking
// 1,000 Markdown notes took 1.25 s of a build in which one of them was edited.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ContentError, collectionOf, SITE_FILE } from "../content/check.ts";
import { imagesIn } from "../content/fields.ts";
import type { readContentFile } from "../content/read.ts";
import { cacheKey, cacheKeys, readBlob, writeBlob } from "./cache.ts";
import { readIfExists } from "./files.ts";

/** A file's data, checked, and the advice on it. */
type Verdict = ReturnType<typeof readContentFile>;

/** A verdict kept across loads: with each image the file names and the hash of its bytes, read for its size. */
type Kept = Verdict & { images: [src: string, key: string][] };

/** What the verdicts are made by: the schema, the tokens, the Markdown reader and the checks themselves. */
const CHECKED_BY = [
  "../../content/collections.ts",
  "../content/markdown.ts",
  "../content/markdown-reader.ts",
  "../content/tokens.ts",
  "../content/check.ts",
  "./content-checks.ts",
  "../content/fields.ts",
  "../content/read.ts",
  "../media/image-modules.ts",
  "../media/plain-svg.ts",
  "../pipeline/routes.ts",
].map((path) => fileURLToPath(new URL(path, import.meta.url)));

const bytesKey = (root: string, src: string) => {
  const bytes = readIfExists(join(root, src));
  return bytes ? cacheKey(bytes) : "";
};

export class ContentChecks {
  /** This load's verdicts by path, with the text each is on, a file's problems too (a ContentError). */
  private readonly thisLoad = new Map<string, { source: string; found: Verdict | ContentError }>();
  /** Passed verdicts by their key, from this process (the dev server's loads). */
  private readonly kept = new Map<string, Kept>();
  /** The key of a verdict, given site.yaml's text: the lockfile and what the verdicts are made by hashed once. */
  private readonly keyOf: (...parts: string[]) => string;
  /** The key of a verdict in this load, by project: site.yaml's text hashed once, not once for each of a thousand entries. */
  private readonly loadKeys = new Map<string, (...parts: string[]) => string>();
  /** A build's verdicts on its project's files, one for each file, as the last build kept them (one blob:
   * reading a blob for each of 1,000 notes took ~0.1 s), and whether this load changed them. */
  private pack: Record<string, { key: string; kept: Kept }> | undefined;
  private packChanged = false;

  /** `stored`: the verdicts on `root`'s files are read from and kept in the store's blobs under `root` (a
   * build's); else in memory alone (the dev server's). */
  constructor(
    private readonly root: string,
    private readonly stored = false,
  ) {
    const lock = readIfExists(join(root, "package-lock.json")) ?? "";
    // What the verdicts are made by is in their key: a verdict of other checks is never read.
    this.keyOf = cacheKeys(lock, ...CHECKED_BY.map((path) => readIfExists(path) ?? ""));
  }

  /** The blob of the kept verdicts: named by what they are made by, so other checks never read it. */
  private get packBlob(): string {
    return `checks/${this.keyOf("verdicts")}.json`;
  }

  /** Starts a load: the files are read anew (an image or site.yaml saved since may change a verdict). */
  startLoad(): void {
    this.thisLoad.clear();
    this.loadKeys.clear();
  }

  private keyIn(root: string, file: string, source: string): string {
    let keyOf = this.loadKeys.get(root);
    if (!keyOf) {
      keyOf = cacheKeys(this.keyOf(), readIfExists(join(root, SITE_FILE))?.toString("utf8") ?? "");
      this.loadKeys.set(root, keyOf);
    }
    // site.yaml's own verdict does not hang on its text twice.
    return file === SITE_FILE ? this.keyOf(file, source) : keyOf(file, source);
  }

  /** The verdict on a content file of `root` with this text: kept, or made by `check` (which throws a file's problems). */
  check(root: string, file: string, source: string, check: () => Verdict): Verdict {
    // By path, the text compared: a key holding each text made a thousand notes' texts map keys.
    const loadKey = `${root}\0${file}`;
    const known = this.thisLoad.get(loadKey);
    let found = known?.source === source ? known.found : undefined;
    if (!found) {
      try {
        found = this.keptOrChecked(root, file, source, check);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        found = error;
      }
      this.thisLoad.set(loadKey, { source, found });
    }
    if (found instanceof ContentError) throw found;
    return found;
  }

  /** A verdict kept from an earlier load, where the file, site.yaml and its images are as they were; else checked now. */
  private keptOrChecked(root: string, file: string, source: string, check: () => Verdict): Verdict {
    const key = this.keyIn(root, file, source);
    const packed = this.stored && root === this.root ? this.packed() : undefined;
    const kept = this.kept.get(key) ?? (packed?.[file]?.key === key ? packed[file].kept : undefined);
    if (kept?.images.every(([src, bytes]) => bytesKey(root, src) === bytes)) return { data: kept.data, advice: kept.advice };
    const verdict = check();
    const made: Kept = { ...verdict, images: imagesIn(collectionOf(file)?.schema, verdict.data).map(({ image }) => [image.src, bytesKey(root, image.src)]) };
    this.kept.set(key, made);
    if (packed) {
      packed[file] = { key, kept: made };
      this.packChanged = true;
    }
    return verdict;
  }

  /** The verdicts the last build kept (a build's), read once. */
  private packed(): Record<string, { key: string; kept: Kept }> {
    if (!this.pack) {
      try {
        this.pack = JSON.parse(readBlob(this.packBlob, this.root)?.toString("utf8") ?? "{}");
      } catch {
        this.pack = {}; // damaged: each file is checked again
      }
    }
    return this.pack as Record<string, { key: string; kept: Kept }>;
  }

  /** Every kept verdict, written again when this load made any (a build's). A verdict not kept (a failed
   * write) only means its file is checked again. */
  async save(): Promise<void> {
    if (!this.pack || !this.packChanged) return;
    this.packChanged = false;
    await writeBlob(this.packBlob, JSON.stringify(this.pack), this.root).catch(() => {});
  }
}
