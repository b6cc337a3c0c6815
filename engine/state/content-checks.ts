// The verdicts of the content files' checks, kept so that a file is checked once per text: within one
// load of the pages (the bundle, each collection's trace and a folder's entries read the same files),
// across the dev server's loads (in memory), and across builds (one blob, checks/, with each file's last
// verdict). A file is checked again when its text, site.yaml's text (its tokens), an image it names, the
// engine's sources and the schema (what checks), or the lockfile (the versions of zod, yaml and marked)
// change. Checking 1,000 Markdown notes took 1.25 s of a build in which one of them was edited.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ContentError, collectionOf, SITE_FILE } from "../content/check.ts";
import { imagesIn } from "../content/fields.ts";
import type { readContentFile } from "../content/read.ts";
import { contentKey, filesKey, folderFiles, readIfExists } from "./files.ts";
import { keysSharing } from "./key.ts";
import { readBlob, writeBlob } from "./store.ts";

/** A file's data, checked, and the advice on it. */
type Verdict = ReturnType<typeof readContentFile>;

/** A verdict kept across loads, under its key: with each image the file names and its bytes' key, read for its size. */
type Kept = { key: string; verdict: Verdict; images: [src: string, key: string][] };

/** Where the engine is, whose sources and schema (content/collections.ts) make the verdicts. */
const ENGINE_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** An image's content key; none for a missing one. */
const bytesKey = (root: string, src: string) => (existsSync(join(root, src)) ? contentKey(join(root, src)) : "");

export class ContentChecks {
  /** This load's verdicts by root and path, with the text each is on, a file's problems too (a ContentError). */
  private readonly thisLoad = new Map<string, { source: string; found: Verdict | ContentError }>();
  /** Each file's last passing verdict, by root and path. */
  private readonly kept = new Map<string, Kept>();
  /** Whether the verdicts on `root`'s files were read from the store (a build's, which keeps them there: one
   * blob, as reading a blob for each of 1,000 notes took ~0.1 s), and whether this load changed them. */
  private read = false;
  private changed = false;
  /** A verdict's key, given site.yaml's text: what the verdicts are made by and the lockfile keyed once. */
  private readonly keyWith: (...parts: string[]) => string;
  /** A verdict's key in this load, by root: site.yaml's text keyed once, not once for each of a thousand entries. */
  private readonly loadKeys = new Map<string, (...parts: string[]) => string>();

  /** `stored`: the verdicts on `root`'s files are read from and kept in the store's blobs under `root` (a
   * build's); else in memory alone (the dev server's). */
  constructor(
    private readonly root: string,
    private readonly stored = false,
  ) {
    // What the verdicts are made by is in their key: a verdict of other checks is never read.
    const checkedBy = filesKey(ENGINE_ROOT, ["content/collections.ts", ...folderFiles(ENGINE_ROOT, "engine")]);
    this.keyWith = keysSharing(readIfExists(join(root, "package-lock.json")) ?? "", checkedBy);
  }

  /** The blob of the kept verdicts: named by what they are made by, so other checks never read it. */
  private get blob(): string {
    return `checks/${this.keyWith("verdicts")}.json`;
  }

  /** Starts a load: the files are read anew (an image or site.yaml saved since may change a verdict). */
  startLoad(): void {
    this.thisLoad.clear();
    this.loadKeys.clear();
  }

  /** The verdict on a content file of `root` with this text: kept, or made by `check` (which throws a file's problems). */
  check(root: string, file: string, source: string, check: () => Verdict): Verdict {
    // By path, the text compared: a key holding each text made a thousand notes' texts map keys.
    const path = `${root}\0${file}`;
    const known = this.thisLoad.get(path);
    let found = known?.source === source ? known.found : undefined;
    if (!found) {
      try {
        found = this.keptOrChecked(root, file, path, source, check);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        found = error;
      }
      this.thisLoad.set(path, { source, found });
    }
    if (found instanceof ContentError) throw found;
    return found;
  }

  /** A verdict kept from an earlier load, where the file, site.yaml and its images are as they were; else checked now. */
  private keptOrChecked(root: string, file: string, path: string, source: string, check: () => Verdict): Verdict {
    let keyIn = this.loadKeys.get(root);
    if (!keyIn) {
      keyIn = keysSharing(this.keyWith(), readIfExists(join(root, SITE_FILE))?.toString("utf8") ?? "");
      this.loadKeys.set(root, keyIn);
    }
    // site.yaml's own verdict does not hang on its text twice.
    const key = file === SITE_FILE ? this.keyWith(file, source) : keyIn(file, source);
    const ownFile = this.stored && root === this.root;
    if (ownFile && !this.read) this.readKept();
    const kept = this.kept.get(path);
    if (kept?.key === key && kept.images.every(([src, bytes]) => bytesKey(root, src) === bytes)) return kept.verdict;
    const verdict = check();
    const images = imagesIn(collectionOf(file)?.schema, verdict.data).map(({ image }): [string, string] => [image.src, bytesKey(root, image.src)]);
    this.kept.set(path, { key, verdict, images });
    this.changed ||= ownFile;
    return verdict;
  }

  /** The verdicts the last build kept on `root`'s files (a build's), read once. */
  private readKept(): void {
    this.read = true;
    try {
      const stored = JSON.parse(readBlob(this.blob, this.root)?.toString("utf8") ?? "{}") as Record<string, Kept>;
      for (const [file, kept] of Object.entries(stored)) this.kept.set(`${this.root}\0${file}`, kept);
    } catch {
      // damaged: each file is checked again
    }
  }

  /** The verdicts on `root`'s files, written again when this load changed any (a build's). A verdict not
   * kept (a failed write) only means its file is checked again. */
  async save(): Promise<void> {
    if (!this.changed) return;
    this.changed = false;
    const prefix = `${this.root}\0`;
    const own = [...this.kept].filter(([path]) => path.startsWith(prefix)).map(([path, kept]) => [path.slice(prefix.length), kept]);
    await writeBlob(this.blob, JSON.stringify(Object.fromEntries(own)), this.root).catch(() => {});
  }
}
