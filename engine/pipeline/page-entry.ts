// The pages' entry: the renderer, all the engine reads of the site (printedContent), and every page
// module by its project path. A build bundles it (engine/pipeline/pages.ts); the dev server loads it and
// the modules it imports file by file (engine/pipeline/page-modules.ts).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CaseStudy, Redirect, Site } from "../../content/collections.ts";
import type { PageModule } from "./static-paths.ts";

/** The renderer, from the same bundle as the pages, so they share one React context and island
 * registry; and all the engine reads of the site (printedContent), so a dev server's outputs follow every save too. */
export type Renderer = typeof import("./render.ts") & {
  caseStudies: CaseStudy[];
  site: Site;
  redirects: Redirect[];
  sectionLabel: typeof import("../../components/structured-data.ts").sectionLabel;
  caseStudyDocuments: typeof import("../../components/case-study-documents.ts").caseStudyDocuments;
  themeScript: string;
  speculationRules: string;
};

/** What the entry exports: the renderer, the printed content, and every page module by its project path. */
export type Entry = Renderer & { pageModules: [string, PageModule][] };

export const renderModule = fileURLToPath(new URL("./render.ts", import.meta.url));
/** What the steps after the render read of the site (the PDFs, the cards, the hosts' redirects, the
 * policy's inline scripts): from the bundle too, so that a dev save of any of it reaches them as it
 * reaches the pages. The engine imports nothing of pages/, components/ or content/ itself but the content
 * store's declaration, whose save restarts the dev server (test/build/engine-imports.test.ts). Each
 * export's module as an absolute path. */
const printedContent = [
  ["default as caseStudies", "../../content/case-studies"],
  ["default as site", "../../content/site.yaml"],
  ["default as redirects", "../../content/redirects.yaml"],
  ["sectionLabel", "../../components/structured-data.ts"],
  ["caseStudyDocuments", "../../components/case-study-documents.ts"],
  ["themeScript", "../../components/theme-script.ts"],
  ["speculationRules", "../../components/speculation-rules.ts"],
].map(([name, path]) => [name, fileURLToPath(new URL(path, import.meta.url))]);

/** The entry's source: the renderer, the printed content, and every page module by its project path. */
export function entrySource(root: string, files: string[]): string {
  return [
    `export * from ${JSON.stringify(renderModule)};`,
    ...printedContent.map(([name, path]) => `export { ${name} } from ${JSON.stringify(path)};`),
    ...files.map((file, i) => `import * as page${i} from ${JSON.stringify(join(root, file))};`),
    `export const pageModules = [${files.map((file, i) => `[${JSON.stringify(file)}, page${i}]`).join(", ")}];`,
  ].join("\n");
}
