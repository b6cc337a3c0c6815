// Node's loader for the firm's content files, a folder collection and the images pages and content name, so that
// tests import content/services.yaml, content/case-studies or art/hero.svg as the pages do: `node --import ./test/helpers/content-hooks.ts`.
import { readFile } from "node:fs/promises";
import type { LoadHook, ResolveHook } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { collectionFolderOf, contentFileOf, contentModule, contentText, FOLDER_IMPORT, folderModuleWithEntries } from "../../engine/content/modules.ts";
import { IMAGE_FILE, imageModule } from "../../engine/media/image-modules.ts";

export const resolve: ResolveHook = (specifier, context, nextResolve) => {
  if (!FOLDER_IMPORT.test(specifier) || !context.parentURL?.startsWith("file:")) return nextResolve(specifier, context);
  const path = fileURLToPath(new URL(specifier, context.parentURL));
  return collectionFolderOf(path) ? { url: `${pathToFileURL(path).href}/`, shortCircuit: true } : nextResolve(specifier, context);
};

export const load: LoadHook = async (url, context, nextLoad) => {
  if (!url.startsWith("file:")) return nextLoad(url, context);
  const path = fileURLToPath(url);
  if (url.endsWith("/") && collectionFolderOf(path)) return { format: "module", source: folderModuleWithEntries(path), shortCircuit: true };
  // An image's address is from the project's folder: the folder the command or test runs in.
  if (IMAGE_FILE.test(path)) return { format: "module", source: imageModule(process.cwd(), path, await readFile(path)), shortCircuit: true };
  if (!/\.(yaml|md)$/.test(path)) return nextLoad(url, context);
  const content = contentFileOf(path);
  if (!content) throw new Error(`${path} is not a content file; declare it in content/collections.ts`);
  return { format: "module", source: contentModule(content.root, content.file, contentText(content.file, await readFile(path))).code, shortCircuit: true };
};
