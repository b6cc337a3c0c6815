// Node's loader for the firm's content files and the images pages and content name, so that commands and
// tests import content/services.yaml or art/hero.svg as the page bundle does (steps/content.ts,
// steps/image-modules.ts): `node --import ./steps/content-hooks.ts`.
import { readFile } from "node:fs/promises";
import type { LoadHook } from "node:module";
import { fileURLToPath } from "node:url";
import { contentFileOf, contentModule } from "./content.ts";
import { IMAGE_FILE, imageModule } from "./image-modules.ts";

export const load: LoadHook = async (url, context, nextLoad) => {
  if (!url.startsWith("file:")) return nextLoad(url, context);
  const path = fileURLToPath(url);
  // An image's address is from the project's folder: the folder the command or test runs in.
  if (IMAGE_FILE.test(path)) return { format: "module", source: imageModule(process.cwd(), path, await readFile(path)), shortCircuit: true };
  if (!/\.(yaml|md)$/.test(path)) return nextLoad(url, context);
  const content = contentFileOf(path);
  if (!content) throw new Error(`${path} is not a content file; declare it in content/collections.ts`);
  return { format: "module", source: contentModule(content.root, content.file, await readFile(path, "utf8")), shortCircuit: true };
};
