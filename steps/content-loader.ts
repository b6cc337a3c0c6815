// Node's loader for the firm's content files, so that commands and tests import content/services.yaml
// as the page bundle does (steps/content.ts): `node --import ./steps/content-hooks.ts`.
import { readFile } from "node:fs/promises";
import type { LoadHook } from "node:module";
import { fileURLToPath } from "node:url";
import { contentFileOf, contentModule } from "./content.ts";

export const load: LoadHook = async (url, context, nextLoad) => {
  if (!/\.(yaml|md)$/.test(url) || !url.startsWith("file:")) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const content = contentFileOf(path);
  if (!content) throw new Error(`${path} is not a content file; declare it in content/collections.ts`);
  return { format: "module", source: contentModule(content.root, content.file, await readFile(path, "utf8")), shortCircuit: true };
};
