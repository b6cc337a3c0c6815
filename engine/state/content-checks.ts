// The verdicts of the content files' checks, kept across loads (in memory) and builds (one blob, checks/): a file
// is checked again when its text, site.yaml's (its tokens), an image it names, the engine or the lockfile change.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { collectionOf, SITE_FILE } from "../content/check.ts";
import { imagesIn } from "../content/fields.ts";
import type { readContentFile } from "../content/read.ts";
import { contentKey, filesKey, folderFiles, readIfExists } from "./files.ts";
import { keysSharing } from "./key.ts";
import { readBlob, writeBlob } from "./store.ts";

type Verdict = ReturnType<typeof readContentFile>;

type Kept = { key: string; verdict: Verdict; images: [src: string, key: string][] };

const ENGINE_ROOT = fileURLToPath(new URL("../..", import.meta.url));

const bytesKey = (root: string, src: string) => (existsSync(join(root, src)) ? contentKey(join(root, src)) : "");

export class ContentChecks {
  private readonly kept = new Map<string, Kept>();
  /** Whether a build's verdicts were read (in the run, which names their blob so), and changed. */
  private read = false;
  private changed = false;
  private readonly keyWith: (...parts: string[]) => string;
  private readonly blob: string;
  private readonly loadKeys = new Map<string, (...parts: string[]) => string>();

  /** `stored`: the verdicts on `root`'s files are kept in its blobs (a build's), else in memory alone. */
  constructor(
    private readonly root: string,
    private readonly stored = false,
  ) {
    const checkedBy = filesKey(ENGINE_ROOT, ["content/collections.ts", ...folderFiles(ENGINE_ROOT, "engine")]);
    this.keyWith = keysSharing(readIfExists(join(root, "package-lock.json")) ?? "", checkedBy);
    this.blob = `checks/${this.keyWith("verdicts")}.json`;
  }

  /** site.yaml saved since may change a verdict. */
  startLoad = () => this.loadKeys.clear();

  /** The verdict kept, or made by `check`, which throws the file's problems (never kept: a fix is then seen). */
  check(root: string, file: string, source: string, check: () => Verdict): Verdict {
    const path = `${root}\0${file}`;
    const keyIn = this.loadKeys.get(root) ?? keysSharing(this.keyWith(), readIfExists(join(root, SITE_FILE))?.toString("utf8") ?? "");
    this.loadKeys.set(root, keyIn);
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

  private readKept(): void {
    this.read = true;
    try {
      const stored = JSON.parse(readBlob(this.blob, this.root)?.toString("utf8") ?? "{}") as Record<string, Kept>;
      for (const [file, kept] of Object.entries(stored)) this.kept.set(`${this.root}\0${file}`, kept);
    } catch {
      // damaged: each file is checked again
    }
  }

  /** Writes a build's verdicts again when this load changed any; a failed write only means checks again. */
  async save(): Promise<void> {
    if (!this.changed) return;
    this.changed = false;
    const prefix = `${this.root}\0`;
    const own = [...this.kept].filter(([path]) => path.startsWith(prefix)).map(([path, kept]) => [path.slice(prefix.length), kept]);
    await writeBlob(this.blob, JSON.stringify(Object.fromEntries(own)), this.root).catch(() => {});
  }
}
