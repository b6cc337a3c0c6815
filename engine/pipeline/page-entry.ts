// The pages' entry: the renderer, what the engine reads of the site and every page module by its project path.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CaseStudy, Redirect, Site } from "../../content/collections.ts";
import type { PageModule } from "./static-paths.ts";

/** From the same bundle as the pages, so that they share one React context and island registry. */
export type Renderer = typeof import("./render.ts") & {
  caseStudies: CaseStudy[];
  site: Site;
  redirects: Redirect[];
  sectionLabel: typeof import("../../components/structured-data.ts").sectionLabel;
  caseStudyDocuments: typeof import("../../components/case-study-documents.ts").caseStudyDocuments;
  themeScript: string;
  speculationRules: string;
};

export type Entry = Renderer & { pageModules: [string, PageModule][] };

export const renderModule = fileURLToPath(new URL("./render.ts", import.meta.url));
/** What the steps after the render read of the site: from the bundle too, so that a dev save reaches them. */
const printedContent = [
  ["default as caseStudies", "../../content/case-studies"],
  ["default as site", "../../content/site.yaml"],
  ["default as redirects", "../../content/redirects.yaml"],
  ["sectionLabel", "../../components/structured-data.ts"],
  ["caseStudyDocuments", "../../components/case-study-documents.ts"],
  ["themeScript", "../../components/theme-script.ts"],
  ["speculationRules", "../../components/speculation-rules.ts"],
].map(([name, path]) => [name, fileURLToPath(new URL(path, import.meta.url))]);

export function entrySource(root: string, files: string[]): string {
  return [
    `export * from ${JSON.stringify(renderModule)};`,
    ...printedContent.map(([name, path]) => `export { ${name} } from ${JSON.stringify(path)};`),
    ...files.map((file, i) => `import * as page${i} from ${JSON.stringify(join(root, file))};`),
    `export const pageModules = [${files.map((file, i) => `[${JSON.stringify(file)}, page${i}]`).join(", ")}];`,
  ].join("\n");
}
