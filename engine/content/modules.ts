// A checked content file becomes a module of plain data that fills its {{ tokens }} from
// content/site.yaml where it is read, so a page's bundle names every content file it shows (the dates and
// re-renders follow that) and the site's facts stay one change. A folder collection becomes one module
// that asks whatever runs it for its published entries, in order (folderEntries): an entry's save leaves a
// build's bundle as it was. One transform, three loaders: esbuild's (the pages), Node's (commands and
// tests) and Vite's (unit tests). Reading and checking a file: engine/content/read.ts.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type * as esbuild from "esbuild";
import { folders, type Site } from "../../content/collections.ts";
import type { ContentChecks } from "../state/content-checks.ts";
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

/** A folder collection's published entries as the pages get them. `files`: the entries shown; `images`: the
 * images they name; `left`: the entries left out, and why. */
export interface FolderEntries {
  entries: unknown[];
  files: string[];
  images: string[];
  left: Unpublished[];
  advice: string[];
}

/** The entries `publishing` shows of a folder collection of `root`, checked, their tokens filled and each image
 * they name with its size, ordered by the collection's field; every entry's problems at once (a ContentError).
 * An entry shown although a build would not (a draft in the dev server) carries why (`unpublished`), for its page to say so. */
export function folderEntries(root: string, folder: string, publishing: Publishing, checks?: ContentChecks): FolderEntries {
  const found: FolderEntries = { entries: [], files: [], images: [], left: [], advice: [] };
  const problems: string[] = [];
  const site = readChecked(root, SITE_FILE, readContentText(root, SITE_FILE), checks).data as object;
  const filledSite = fillTokens(site, site);
  const { entry: schema, orderBy } = folders[folder];
  for (const name of readdirSync(join(root, folder))
    .filter((file) => file.endsWith(".md"))
    .sort()) {
    const file = `${folder}/${name}`;
    try {
      const { data, advice } = readChecked(root, file, readContentText(root, file), checks);
      const reason = unpublishedReason(data as Record<string, never>, publishing.today);
      if (reason && !publishing.drafts) {
        found.left.push({ file, path: `/${folder.slice(folder.lastIndexOf("/") + 1)}/${name.slice(0, -3)}`, reason });
        continue;
      }
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

/** What a folder collection's module calls for its entries (folderEntries), by the folder's path: whatever
 * runs the pages gives it, so that a build's bundle stays the same bytes whatever an entry says. */
export const ENTRIES_OF = "collectionEntries";

/** The module a folder collection becomes, wherever it is loaded: pure, so that a template that uses none
 * of it keeps none of it (engine/pipeline/page-sources.ts traces that). */
export function folderModule(path: string): string {
  return `export default /* @__PURE__ */ ${ENTRIES_OF}(${JSON.stringify(path)});`;
}

/** The same module where no page loader runs it (Node's loader, Vite's): its entries, as a build shows them, written in. */
export function folderModuleWithEntries(path: string): string {
  const { root, folder } = collectionFolderOf(path)!;
  return `const ${ENTRIES_OF} = () => ${JSON.stringify(folderEntries(root, folder, BUILD_PUBLISHING).entries)};\n${folderModule(path)}`;
}

/** The content files, folder collections and their problems for esbuild (the page bundle, the dev server's
 * files, a template's trace, the CMS's scripts): each problem in the file's own words, which stops the build.
 * `checks`: the verdicts kept (engine/state/content-checks.ts), shared with the other builds of a load. */
/** `unread`: a folder collection is an empty list (the CMS's preview, whose entry comes as the page's props,
 * and which runs where no one supplies a folder's entries). */
export function contentPlugin(root: string, checks?: ContentChecks, { unread = false } = {}): esbuild.Plugin {
  return {
    name: "content",
    setup(build) {
      // A folder collection, imported as its folder ("../../content/case-studies").
      build.onResolve({ filter: FOLDER_IMPORT }, (args) => {
        const path = isAbsolute(args.path) ? args.path : join(args.resolveDir, args.path);
        return collectionFolderOf(path) ? { path } : undefined;
      });
      build.onLoad({ filter: FOLDER_IMPORT }, (args) =>
        collectionFolderOf(args.path)
          ? { contents: unread ? "export default [];" : folderModule(args.path), loader: "js", resolveDir: args.path, watchDirs: [args.path] }
          : undefined,
      );
      build.onLoad({ filter: /\.(yaml|md)$/ }, (args) => {
        const content = contentFileOf(args.path);
        if (!content) return { errors: [{ text: `${relative(root, args.path)} is not a content file; declare it in content/collections.ts` }] };
        try {
          // Read in turn: for 1,000 small files, fs/promises' round trips cost more than the reads (engine/state/files.ts).
          const { code, advice } = contentModule(content.root, content.file, contentText(content.file, readFileSync(args.path)), checks);
          return { contents: code, loader: "js", resolveDir: dirname(args.path), warnings: advice.map((text) => ({ text })) };
        } catch (error) {
          if (error instanceof ContentError) return { errors: error.problems.map((text) => ({ text })) };
          throw error;
        }
      });
    },
  };
}
