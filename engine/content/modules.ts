// A content file becomes a module of its checked data; a folder collection's asks whatever runs it for its
// entries, so an entry's save leaves a build's bundle as it was. For esbuild's, Node's and Vite's loaders alike.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type * as esbuild from "esbuild";
import { folders, type Site } from "../../content/collections.ts";
import type { ContentChecks } from "../state/content-checks.ts";
import { ContentError, collectionOf, SITE_FILE } from "./check.ts";
import { imagesIn } from "./fields.ts";
import { unpublishedReason, utcToday } from "./publishing.ts";
import { contentFileOf, contentText, inProject, readContentFile, readContentText } from "./read.ts";
import { fillTokens } from "./tokens.ts";

/** Imported by its place in the engine, not in the project (a test's copy). */
const TOKENS_MODULE = fileURLToPath(new URL("./tokens.ts", import.meta.url));

export { ContentError, contentFileOf, contentText, readContentFile, SITE_FILE };

function readChecked(root: string, file: string, source: string, checks?: ContentChecks): ReturnType<typeof readContentFile> {
  return checks ? checks.check(root, file, source, () => readContentFile(root, file, source)) : readContentFile(root, file, source);
}

/** Each image it names is imported and spread into its field's value, so the image is an input of the page bundle. */
export function contentModule(root: string, file: string, source: string, checks?: ContentChecks): { code: string; advice: string[] } {
  const { data: checked, advice } = readChecked(root, file, source, checks);
  const images = imagesIn(collectionOf(file)?.schema, checked);
  // Written where it stands: the data stays one expression, so its module stays free of side effects.
  const imageAt = new Map(images.map(({ image }, i) => [image as unknown, i]));
  const marked = JSON.stringify(checked, (_key, value) => (imageAt.has(value) ? `\u0000image${imageAt.get(value)}\u0000` : value));
  const data = marked.replace(/"\\u0000image(\d+)\\u0000"/g, (_, i: string) => `{ ...${JSON.stringify(images[Number(i)].image)}, ...image${i} }`);
  const code = [
    `import { fillTokens } from ${JSON.stringify(TOKENS_MODULE)};`,
    file === SITE_FILE ? "" : `import site from ${JSON.stringify(join(root, SITE_FILE))};`,
    ...images.map(({ image }, i) => `import image${i} from ${JSON.stringify(join(root, image.src))};`),
    `const data = ${data};`,
    // Pure: a page that uses none of it (a collection's template) keeps none of it, nor has it as a source.
    `export default /* @__PURE__ */ fillTokens(data, ${file === SITE_FILE ? "data" : "site"});`,
  ].join("\n");
  return { code, advice };
}

export function readContent<T>(root: string, file: string): T {
  const read = (path: string) => readContentFile(root, path, readContentText(root, path)).data;
  const data = read(file);
  return fillTokens(data, (file === SITE_FILE ? data : read(SITE_FILE)) as Site) as T;
}

export const FOLDER_IMPORT = /\/content\/[\w-]+\/?$/;

export function collectionFolderOf(path: string): { root: string; folder: string } | undefined {
  const found = inProject(path);
  return found && found.file in folders ? { root: found.root, folder: found.file } : undefined;
}

/** The dev server shows drafts too; `today` (YYYY-MM-DD) decides the dated ones. */
export type Publishing = { drafts: boolean; today: string };

export const BUILD_PUBLISHING: Publishing = { drafts: false, today: process.env.BUILD_DATE?.trim() || utcToday() };

export type Unpublished = { file: string; path: string; reason: string };

export type FolderEntries = { entries: unknown[]; files: string[]; images: string[]; left: Unpublished[]; advice: string[] };

/** Every entry's problems at once; an entry a build would not show (a draft in the dev server) says why. */
export function folderEntries(root: string, folder: string, publishing: Publishing, checks?: ContentChecks): FolderEntries {
  const found: FolderEntries = { entries: [], files: [], images: [], left: [], advice: [] };
  const problems: string[] = [];
  const site = readChecked(root, SITE_FILE, readContentText(root, SITE_FILE), checks).data as object;
  const filledSite = fillTokens(site, site);
  const { entry: schema, orderBy } = folders[folder];
  for (const name of readdirSync(join(root, folder)).sort()) {
    if (!name.endsWith(".md")) continue;
    const file = `${folder}/${name}`;
    try {
      const { data, advice } = readChecked(root, file, readContentText(root, file), checks);
      const reason = unpublishedReason(data as Record<string, never>, publishing.today);
      if (reason && !publishing.drafts) {
        found.left.push({ file, path: `/${folder.slice(folder.lastIndexOf("/") + 1)}/${name.slice(0, -3)}`, reason });
        continue;
      }
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

export const ENTRIES_OF = "collectionEntries";

export function folderModule(path: string): string {
  return `export default /* @__PURE__ */ ${ENTRIES_OF}(${JSON.stringify(path)});`;
}

/** For Node's and Vite's loaders: a build's entries written in. */
export function folderModuleWithEntries(path: string): string {
  const { root, folder } = collectionFolderOf(path)!;
  return `const ${ENTRIES_OF} = () => ${JSON.stringify(folderEntries(root, folder, BUILD_PUBLISHING).entries)};\n${folderModule(path)}`;
}

/** `unread`: a folder collection is an empty list (the CMS's preview, whose entry comes as the page's props). */
export function contentPlugin(root: string, checks?: ContentChecks, { unread = false } = {}): esbuild.Plugin {
  return {
    name: "content",
    setup(build) {
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
          // Read in turn: for 1,000 small files, fs/promises' round trips cost more than the reads.
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
