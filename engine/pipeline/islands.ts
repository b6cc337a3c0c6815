// Bundles the browser JavaScript: the inline bootstrap, the hydrate runtime and each island as a chunk for the pages
// that use it, Preact for React; kept in the store by its sources.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type * as esbuild from "esbuild";
import type { AnalyticsConfig } from "../../browser/analytics.ts";
import { writeIfChanged } from "../outputs/output.ts";
import { filesKey, folderFiles } from "../state/files.ts";
import { keyOf } from "../state/key.ts";
import { cached } from "../state/store.ts";
import { esbuildVersion, loadEsbuild } from "./esbuild.ts";
import { bundleErrorMessage } from "./pages.ts";
import { ISLAND_SOURCES } from "./sources.ts";

/** Written beside the scripts for `npm run size`; `routes`: every script a route fetches after load or at the first tap. */
export interface PageScripts {
  bootstrap: string;
  routes: Record<string, string[]>;
}

/** Named so for the output's sake; in the engine, "manifest" is the output folder's record alone. */
export const PAGE_SCRIPTS_FILE = "assets/manifest.json";

const root = process.cwd();
const JSX_SOURCE = "islands-jsx";
const islandFile = (name: string) => resolve(root, "islands", `${name}.tsx`);
const browserModule = (file: string) => JSON.stringify(resolve(root, "browser", file));

function entrySource(bundled: string[], lazy: string[]): string {
  const registry = [...bundled, ...lazy.map((name) => `${name}: { load: () => import(${JSON.stringify(islandFile(name))}) }`)];
  return [
    `import { hydrateIslands } from ${browserModule("hydrate.ts")};`,
    ...bundled.map((name) => `import ${name} from ${JSON.stringify(islandFile(name))};`),
    `hydrateIslands({ ${registry.join(", ")} });`,
    `const analytics = () => import(${browserModule("analytics.ts")}).then((m) => m.startAnalytics());`,
    `if (document.readyState === "complete") analytics(); else addEventListener("load", analytics, { once: true });`,
  ].join("\n");
}

async function bootstrapScript(entry: string): Promise<string> {
  const source = await readFile(resolve(root, "browser/bootstrap.ts"), "utf8");
  const esbuild = await loadEsbuild();
  const js = await esbuild.transform(source, { loader: "ts", target: "es2022", define: { ISLAND_ENTRY: JSON.stringify(entry) } });
  // Wrapped by hand: esbuild's iife format adds interop helpers this import() never needs.
  return (await esbuild.transform(`(()=>{${js.code}})()`, { target: "es2022", minify: true, legalComments: "none" })).code.trim();
}

type IslandUse = { route: string; islands: string[] }[];

export async function bundleIslands(pages: IslandUse, analytics: AnalyticsConfig, outDir: string): Promise<PageScripts & { files: string[] }> {
  const { gaMeasurementId, clarityProjectId, consentDefault } = analytics;
  const files = ["tsconfig.json", "package-lock.json", ...ISLAND_SOURCES.flatMap((folder) => folderFiles(root, folder))];
  const sources = keyOf(esbuildVersion, root, readFileSync(fileURLToPath(import.meta.url)), filesKey(root, files));
  const key = keyOf(sources, JSON.stringify([pages, gaMeasurementId, clarityProjectId, consentDefault]));
  const made = await cached("islands", key, "json", async () => JSON.stringify(await bundle(pages, analytics, outDir)));
  const { outputs, scripts } = JSON.parse(made.toString("utf8")) as Awaited<ReturnType<typeof bundle>>;
  await mkdir(resolve(outDir, "assets"), { recursive: true });
  await Promise.all(Object.entries(outputs).map(([file, text]) => writeIfChanged(resolve(outDir, file), text)));
  await writeIfChanged(resolve(outDir, PAGE_SCRIPTS_FILE), JSON.stringify(scripts, null, 2));
  return { ...scripts, files: [...Object.keys(outputs), PAGE_SCRIPTS_FILE] };
}

async function bundle(pages: IslandUse, analytics: AnalyticsConfig, outDir: string) {
  const used = new Set(pages.flatMap((page) => page.islands));
  for (const name of used) {
    if (existsSync(islandFile(name))) continue;
    const { route } = pages.find((page) => page.islands.includes(name))!;
    throw new Error(`${route}: uses island ${name}, but islands/${name}.tsx does not exist; an island's component name must match its file name`);
  }
  // Islands on every page travel inside the runtime's entry: one request fewer, and no extra chunk.
  const bundled = pages.map((page) => page.islands).reduce((common, names) => common.filter((name) => names.includes(name)));
  const lazy = [...used].filter((name) => !bundled.includes(name)).sort();

  const result = await (await loadEsbuild())
    .build({
      entryPoints: [{ in: "islands-entry", out: "site" }],
      bundle: true,
      splitting: true,
      format: "esm",
      target: "es2022",
      minify: true,
      legalComments: "none",
      jsx: "automatic",
      // By names, not paths: the minifier weighs the letters of import paths to name variables.
      jsxImportSource: JSX_SOURCE,
      alias: { react: "./browser/react.ts", [JSX_SOURCE]: "./browser" },
      // A package by its path in the project, not where a linked node_modules is: a chunk's name hashes its paths.
      preserveSymlinks: true,
      define: {
        "process.env.NODE_ENV": '"production"',
        __GA_MEASUREMENT_ID__: JSON.stringify(analytics.gaMeasurementId),
        __CLARITY_PROJECT_ID__: JSON.stringify(analytics.clarityProjectId),
        __CONSENT_DEFAULT__: JSON.stringify(analytics.consentDefault),
      },
      outdir: resolve(outDir, "assets"),
      entryNames: "[name].[hash]",
      chunkNames: "[name].[hash]",
      metafile: true,
      write: false,
      logLevel: "silent",
      plugins: [
        {
          name: "no-react-in-the-browser",
          setup(build) {
            build.onResolve({ filter: /^react-dom(\/|$)|^react\/jsx/ }, (args) => ({
              errors: [
                {
                  text: `${relative(root, args.importer)} imports "${args.path}": islands may import only hooks from "react" (served by Preact), never react-dom`,
                },
              ],
            }));
          },
        },
        {
          name: "islands-entry",
          setup(build) {
            build.onResolve({ filter: /^islands-entry$/ }, () => ({ path: "site", namespace: "islands-entry" }));
            build.onLoad({ filter: /.*/, namespace: "islands-entry" }, () => ({ contents: entrySource(bundled, lazy), loader: "ts", resolveDir: root }));
          },
        },
      ],
    })
    .catch((error: esbuild.BuildFailure) => {
      throw new Error(bundleErrorMessage(error, "islands/: esbuild failed"));
    });

  const outputs = result.metafile.outputs;
  const sitePath = (file: string) => `/${relative(resolve(outDir), resolve(file))}`;
  const closure = (file: string, dynamic: boolean, seen = new Set<string>()): Set<string> => {
    seen.add(file);
    for (const imported of outputs[file].imports) {
      const follow = imported.kind === "import-statement" || (dynamic && imported.kind === "dynamic-import");
      if (follow && !seen.has(imported.path)) closure(imported.path, dynamic, seen);
    }
    return seen;
  };
  const outputOf = (entryPoint: string) => Object.keys(outputs).find((file) => outputs[file].entryPoint === entryPoint)!;
  const entry = outputOf("islands-entry:site");
  const runtimeFiles = [...closure(entry, false), ...closure(outputOf("browser/analytics.ts"), true)];
  const filesOf = (islands: string[]) => {
    const files = new Set(runtimeFiles);
    // An island's own dynamic imports are fetched only when needed: not counted.
    for (const island of islands) for (const file of closure(outputOf(relative(root, islandFile(island))), false)) files.add(file);
    return [...files].map(sitePath);
  };
  const scripts: PageScripts = {
    bootstrap: await bootstrapScript(sitePath(entry)),
    routes: Object.fromEntries(pages.map((page) => [page.route, filesOf(page.islands.filter((name) => lazy.includes(name)))])),
  };
  return { outputs: Object.fromEntries(result.outputFiles.map((file) => [sitePath(file.path).slice(1), file.text])), scripts };
}
