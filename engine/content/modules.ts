// A checked content file becomes a module of plain data that fills its {{ tokens }} from
// content/site.yaml where it is read, so a page's bundle names every content file it shows (the dates and
// re-renders follow that) and the site's facts stay one change. A folder collection is its published
// entries, in order: in a build, data the bundle asks for where it runs (folderEntries), so an entry's save
// leaves the bundle as it was; in the dev server and Node's loader, a module importing each entry's. One
// transform, three loaders: esbuild's (the page bundle), Node's (commands and tests) and Vite's (unit
// tests). Reading and checking a file: engine/content/read.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type * as esbuild from "esbuild";
import { folders, type Site } from "../../content/collections.ts";
import type { ContentChecks } from "../state/content-checks.ts";
import { readIfExists } from "../state/files.ts";
import { ContentError, collectionOf, SITE_FILE } from "./check.ts";
import { imagesIn } from "./fields.ts";
import { unpublishedReason, utcToday } from "./publishing.ts";
import { contentFileOf, contentText, readContentFile, readContentText } from "./read.ts";
import { fillTokens } from "./tokens.ts";

/** The engine's own {{ tokens }} module, which every content module imports (by its place, not the project's). */
const TOKENS_MODULE = fileURLToPath(new URL("./tokens.ts", import.meta.url));

export { ContentError, contentFileOf, contentText, readContentFile, SITE_FILE };

/** readContentFile, once per file and text as far as `checks` keeps its verdicts (none: every time). */
function readChecked(root: string, file: string, source: string, checks?: ContentChecks): ReturnType<typeof readContentFile> {
  return checks ? checks.check(root, file, source, () => readContentFile(root, file, source)) : readContentFile(root, file, source);
}

/** The module a content file becomes: its checked data, its tokens filled from the site's facts, and the advice
 * on its content. Each image it names is imported (as image0, image1…), so that the image is an input of the
 * page bundle (engine/media/image-modules.ts): its field's value with the image's module spread in. */
export function contentModule(root: string, file: string, source: string, checks?: ContentChecks): { code: string; advice: string[] } {
  const { data: checked, advice } = readChecked(root, file, source, checks);
  const images = imagesIn(collectionOf(file)?.schema, checked);
  // Written where it stands: the data stays one expression, so its module stays free of side effects.
  const imageAt = new Map(images.map(({ image }, i) => [image as unknown, i]));
  const marker = (i: number) => `\u0000image${i}\u0000`;
  let data = JSON.stringify(checked, (_key, value) => (imageAt.has(value) ? marker(imageAt.get(value) as number) : value));
  images.forEach(({ image }, i) => {
    // A function, not a string: a `$&` or `$'` in an alt text is no replacement pattern.
    data = data.replace(JSON.stringify(marker(i)), () => `{ ...${JSON.stringify(image)}, ...image${i} }`);
  });
  const code = [
    `import { fillTokens } from ${JSON.stringify(TOKENS_MODULE)};`,
    file === SITE_FILE ? "" : `import site from ${JSON.stringify(join(root, SITE_FILE))};`,
    ...images.map(({ image }, i) => `import image${i} from ${JSON.stringify(join(root, image.src))};`),
    `const data = ${data};`,
    // Pure: a page that imports the file and uses none of it (a collection's template, whose entries come
    // through its props) keeps none of it, so the file is not one of that template's sources.
    `export default /* @__PURE__ */ fillTokens(data, ${file === SITE_FILE ? "data" : "site"});`,
  ].join("\n");
  return { code, advice };
}

/** A content file read and checked where no bundler is (the build's own settings): its data, tokens filled. */
export function readContent<T>(root: string, file: string): T {
  const read = (path: string) => readContentFile(root, path, readContentText(root, path)).data;
  const data = read(file);
  const site = file === SITE_FILE ? data : read(SITE_FILE);
  return fillTokens(data, site as Site) as T;
}

/** An import that may name a folder collection: its last segment is a collection folder's name. */
export const FOLDER_IMPORT = new RegExp(
  `/(${Object.keys(folders)
    .map((folder) => folder.slice(folder.lastIndexOf("/") + 1))
    .join("|")})/?$`,
);

/** A folder collection's project and path there ("content/case-studies"), or undefined for any other path. */
export function collectionFolderOf(path: string): { root: string; folder: string } | undefined {
  const absolute = path.split("\\").join("/").replace(/\/$/, "");
  const at = absolute.lastIndexOf("/content/");
  const folder = absolute.slice(at + 1);
  return at >= 0 && folder in folders ? { root: absolute.slice(0, at), folder } : undefined;
}

/** Which entries a build shows: the dev server shows drafts too; `today` (YYYY-MM-DD) decides the dated ones. */
export interface Publishing {
  drafts: boolean;
  today: string;
}

/** A build's publishing: BUILD_DATE's day, or today's (as engine/pipeline/config.ts reads it), and no drafts. */
export const BUILD_PUBLISHING: Publishing = { drafts: false, today: process.env.BUILD_DATE?.trim() || utcToday() };

/** An entry a build leaves out: its file, the site path a page of it would have, and why. */
export interface Unpublished {
  file: string;
  path: string;
  reason: string;
}

/** A folder collection's entries: its Markdown files' names, in order. */
function entryNames(root: string, folder: string): string[] {
  return readdirSync(join(root, folder))
    .filter((file) => file.endsWith(".md"))
    .sort();
}

/** Whether `publishing` shows an entry of `folder` unpublished for `reason` (none: published); one it does not
 * is added to `left`, with the site path its page would have. */
function shown(publishing: Publishing, left: Unpublished[], folder: string, name: string, reason: string | undefined): boolean {
  if (!reason || publishing.drafts) return true;
  left.push({ file: `${folder}/${name}`, path: `/${folder.slice(folder.lastIndexOf("/") + 1)}/${name.slice(0, -3)}`, reason });
  return false;
}

/** Why a folder collection's entry is not on the site on `today` (unpublishedReason), from its bytes: null
 * when they are no entry (read half-written, or wrong: its own module says what is wrong). */
function entryReason(root: string, file: string, bytes: Uint8Array, today: string, checks?: ContentChecks): string | undefined | null {
  try {
    return unpublishedReason(readChecked(root, file, contentText(file, bytes), checks).data as Record<string, never>, today);
  } catch {
    return null;
  }
}

/** Whether a folder module made with these entries' `reasons` (folderModule) is out of date after saves to
 * `paths`: an entry's reason changed, or it was read half-written (an editor saving in place empties it first).
 * An entry read as none fails its own compile, so its save is among `paths` until a load passes. */
export function reasonsMoved(root: string, reasons: Map<string, string | undefined | null>, paths: string[], today: string, checks?: ContentChecks): boolean {
  return paths.some((path) => {
    const file = relative(root, path);
    if (!reasons.has(file)) return false;
    const source = readIfExists(path);
    return source === null || entryReason(root, file, source, today, checks) !== reasons.get(file);
  });
}

/** Waits, up to 100 ms, while a content file is empty: an editor's save in place empties the file and then
 * writes it, the watcher may report the first, and an empty file fails its check. One still empty is checked as it is. */
export async function contentLanded(path: string): Promise<void> {
  if (!/\.(yaml|md)$/.test(path)) return;
  for (let waited = 0; waited < 100 && statSync(path, { throwIfNoEntry: false })?.size === 0; waited += 5) {
    await new Promise((wake) => setTimeout(wake, 5));
  }
}

/** A folder collection's published entries as a build's page bundle reads them: data, not modules (FROM_STORE).
 * `files`: the entries shown; `images`: the images they name; `left`: the entries left out, and why. */
export interface FolderEntries {
  entries: unknown[];
  files: string[];
  images: string[];
  left: Unpublished[];
  advice: string[];
}

/** Where a build's page bundle finds each folder collection's entries (folderEntries). */
const FROM_STORE = "cedarline.folderEntries";

/** Tells the page bundle, before it is evaluated, where each folder collection's entries are (storeModule). */
export function provideFolderEntries(entriesAt: (path: string) => unknown[]): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(FROM_STORE)] = entriesAt;
}

/** A folder module that takes its entries from the build (FROM_STORE), by the folder's path: pure, so a
 * template that uses none keeps none. */
const storeModule = (path: string) => `export default /* @__PURE__ */ globalThis[Symbol.for(${JSON.stringify(FROM_STORE)})](${JSON.stringify(path)});`;

/** The entries `publishing` shows of a folder collection of `root` (a build's), checked, their tokens filled and
 * each image they name with its size, ordered by the collection's field; every entry's problems at once (a ContentError). */
export function folderEntries(root: string, folder: string, publishing: Publishing, checks?: ContentChecks): FolderEntries {
  const found: FolderEntries = { entries: [], files: [], images: [], left: [], advice: [] };
  const problems: string[] = [];
  const site = readChecked(root, SITE_FILE, readContentText(root, SITE_FILE), checks).data as object;
  const filledSite = fillTokens(site, site);
  const { entry: schema, orderBy } = folders[folder];
  for (const name of entryNames(root, folder)) {
    const file = `${folder}/${name}`;
    try {
      const { data, advice } = readChecked(root, file, readContentText(root, file), checks);
      const reason = unpublishedReason(data as Record<string, never>, publishing.today);
      if (!shown(publishing, found.left, folder, name, reason)) continue;
      // Each image already holds its size: the check read it from the file (engine/content/read.ts).
      const entry = fillTokens(data, filledSite) as object;
      found.entries.push(reason ? { ...entry, unpublished: reason } : entry);
      found.files.push(file);
      found.images.push(...imagesIn(schema, data).map(({ image }) => image.src));
      found.advice.push(...advice);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  const key = (entry: unknown) => (entry as Record<string, string>)[orderBy];
  found.entries.sort((a, b) => (key(a) > key(b) ? 1 : key(a) < key(b) ? -1 : 0));
  return found;
}

/** The module a folder collection becomes where each entry is a module of its own (the dev server's, and
 * Node's loader): each of its Markdown files' entries that `publishing` shows, ordered by the collection's
 * field; those it leaves out are added to `left`. An entry the dev server shows although a build would not
 * carries why (`unpublished`), for its page to say so. `reasons` gets each entry's (entryReason), by its path
 * in the project. */
export function folderModule(
  root: string,
  folder: string,
  publishing: Publishing = BUILD_PUBLISHING,
  left: Unpublished[] = [],
  checks?: ContentChecks,
  reasons?: Map<string, string | undefined | null>,
): string {
  const { orderBy } = folders[folder];
  const entries: string[] = [];
  const imports: string[] = [];
  for (const name of entryNames(root, folder)) {
    const file = `${folder}/${name}`;
    const found = entryReason(root, file, readFileSync(join(root, file)), publishing.today, checks);
    reasons?.set(file, found);
    // Unread (null), its own module reports what is wrong with it, in its words.
    const reason = found ?? undefined;
    if (!shown(publishing, left, folder, name, reason)) continue;
    const entry = `entry${imports.length}`;
    imports.push(`import ${entry} from ${JSON.stringify(join(root, file))};`);
    entries.push(reason ? `{ ...${entry}, unpublished: ${JSON.stringify(reason)} }` : entry);
  }
  return [
    ...imports,
    `const entries = [${entries.join(", ")}];`,
    `const by = (a, b) => (a[${JSON.stringify(orderBy)}] > b[${JSON.stringify(orderBy)}] ? 1 : a[${JSON.stringify(orderBy)}] < b[${JSON.stringify(orderBy)}] ? -1 : 0);`,
    `export default /* @__PURE__ */ entries.toSorted(by);`,
  ].join("\n");
}

/** A folder collection as a template's trace sees it: no entries. The trace asks only whether the
 * template's component uses the collection (its module then has bytes in the output); which entries
 * that reaches, the page bundle's graph says. */
const UNREAD_FOLDER = "export default /* @__PURE__ */ Array.of();";

/** A content file (`content`, at `path`) read as the page bundle reads it, in turn: for 1,000 small files,
 * fs/promises' round trips cost more than the reads (engine/state/files.ts). Its module and advice, or its problems. */
export function loadContentFile(
  content: { root: string; file: string },
  path: string,
  checks?: ContentChecks,
): ReturnType<typeof contentModule> | { problems: string[] } {
  try {
    return contentModule(content.root, content.file, contentText(content.file, readFileSync(path)), checks);
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems };
    throw error;
  }
}

/** Where a problem of a content file stops the page bundle, with the file's own words. `checks`: the
 * verdicts kept (engine/state/content-checks.ts), shared with the other bundles of a load. `entries`: how a folder
 * collection's module has its entries: none (a template's trace: UNREAD_FOLDER), or from the build where
 * the bundle is evaluated ("store": folderEntries, FROM_STORE). */
export function contentPlugin(root: string, checks: ContentChecks | undefined, entries: "none" | "store"): esbuild.Plugin {
  return {
    name: "content",
    setup(build) {
      // A folder collection, imported as its folder ("../../content/case-studies"): its entries, in order.
      build.onResolve({ filter: FOLDER_IMPORT }, (args) => {
        const path = isAbsolute(args.path) ? args.path : join(args.resolveDir, args.path);
        return collectionFolderOf(path) ? { path } : undefined;
      });
      build.onLoad({ filter: FOLDER_IMPORT }, (args) => {
        const folder = collectionFolderOf(args.path);
        if (!folder) return undefined;
        const contents = entries === "none" ? UNREAD_FOLDER : storeModule(args.path);
        return { contents, loader: "js", resolveDir: args.path, watchDirs: [args.path] };
      });
      build.onLoad({ filter: /\.(yaml|md)$/ }, (args) => {
        const content = contentFileOf(args.path);
        if (!content) return { errors: [{ text: `${relative(root, args.path)} is not a content file; declare it in content/collections.ts` }] };
        const loaded = loadContentFile(content, args.path, checks);
        if ("problems" in loaded) return { errors: loaded.problems.map((text) => ({ text })) };
        return { contents: loaded.code, loader: "js", resolveDir: dirname(args.path), warnings: loaded.advice.map((text) => ({ text })) };
      });
    },
  };
}
