// Bundles the browser JavaScript with esbuild: one entry with the hydrate runtime and the islands
// every page hydrates on load; every other island is its own chunk, fetched only by pages that use
// it (preloaded when it hydrates on load). Preact stands in for React; shared code is one chunk.

import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import * as esbuild from "esbuild";
import type { AnalyticsConfig } from "../islands/integrations/analytics.ts";
import type { UsedIsland } from "../islands/runtime/island.tsx";

export interface PageScripts {
  /** The module script every page loads. */
  entry: string;
  /** Chunks this page needs at once, preloaded so they download in parallel with the entry. */
  preloads: string[];
  /** Fetched after first paint: its islands that hydrate when idle or visible, analytics, web-vitals. */
  later: string[];
}

/** What the bundler produced for each route, written beside the scripts for `npm run size`. */
export const MANIFEST_FILE = "assets/manifest.json";
export type IslandManifest = Record<string, PageScripts>;

const root = process.cwd();
const islandFile = (name: string) => resolve(root, "islands", `${name}.tsx`);
const runtime = (file: string) => JSON.stringify(resolve(root, "islands", file));

/** Islands that every page hydrates on load go into the entry itself. */
function islandsOnEveryPage(pages: { islands: UsedIsland[] }[]): string[] {
  const onLoad = pages.map((page) => page.islands.filter((i) => i.when === "load").map((i) => i.name));
  return onLoad.reduce((common, names) => common.filter((name) => names.includes(name)));
}

function entrySource(bundled: string[], lazy: string[]): string {
  const registry = [...bundled, ...lazy.map((name) => `${name}: { load: () => import(${JSON.stringify(islandFile(name))}) }`)];
  return [
    `import { hydrateIslands } from ${runtime("runtime/hydrate.ts")};`,
    ...bundled.map((name) => `import ${name} from ${JSON.stringify(islandFile(name))};`),
    `hydrateIslands({ ${registry.join(", ")} });`,
    // Analytics waits for the load event, so it never competes with first paint.
    `const analytics = () => import(${runtime("integrations/analytics.ts")}).then((m) => m.startAnalytics());`,
    `if (document.readyState === "complete") analytics(); else addEventListener("load", analytics, { once: true });`,
  ].join("\n");
}

/** Stops the build if anything would ship React. */
const noReact: esbuild.Plugin = {
  name: "no-react-in-the-browser",
  setup(build) {
    build.onResolve({ filter: /^react-dom(\/|$)|^react\/jsx/ }, (args) => ({
      errors: [
        { text: `${relative(root, args.importer)} imports "${args.path}": islands may import only hooks from "react" (served by Preact), never react-dom` },
      ],
    }));
  },
};

export async function bundleIslands(pages: { route: string; islands: UsedIsland[] }[], analytics: AnalyticsConfig, outDir: string): Promise<IslandManifest> {
  for (const page of pages) {
    for (const { name } of page.islands) {
      if (!existsSync(islandFile(name)))
        throw new Error(`${page.route}: uses island ${name}, but islands/${name}.tsx does not exist; an island's component name must match its file name`);
    }
  }
  const bundled = islandsOnEveryPage(pages);
  const lazy = [...new Set(pages.flatMap((page) => page.islands.map((i) => i.name)))].filter((name) => !bundled.includes(name)).sort();

  const result = await esbuild
    .build({
      entryPoints: [{ in: "islands-entry", out: "site" }],
      bundle: true,
      splitting: true,
      format: "esm",
      target: "es2022",
      minify: true,
      legalComments: "none",
      jsx: "automatic",
      jsxImportSource: resolve(root, "islands/runtime"),
      alias: { react: resolve(root, "islands/runtime/react.ts") },
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
      logLevel: "silent",
      plugins: [
        noReact,
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
      throw new Error(`islands/: esbuild failed:\n${error.errors.map((e) => `  ${e.location?.file ?? ""}:${e.location?.line ?? ""} ${e.text}`).join("\n")}`);
    });

  const outputs = result.metafile.outputs;
  const sitePath = (file: string) => `/${relative(resolve(outDir), resolve(file))}`;
  /** The file and everything it pulls in; with `dynamic`, what it imports later too. */
  const closure = (file: string, dynamic: boolean, seen = new Set<string>()): Set<string> => {
    seen.add(file);
    for (const imported of outputs[file].imports) {
      const follow = imported.kind === "import-statement" || (dynamic && imported.kind === "dynamic-import");
      if (follow && !seen.has(imported.path)) closure(imported.path, dynamic, seen);
    }
    return seen;
  };
  const outputOf = (entryPoint: string) => Object.keys(outputs).find((file) => outputs[file].entryPoint === entryPoint)!;
  const islandOutput = (name: string) => outputOf(relative(root, islandFile(name)));
  const entry = outputOf("islands-entry:site");
  const entryFiles = closure(entry, false);
  const analyticsFiles = closure(outputOf(relative(root, resolve(root, "islands/integrations/analytics.ts"))), true);

  const manifest: IslandManifest = Object.fromEntries(
    pages.map((page) => {
      const preloads = new Set([...entryFiles].filter((file) => file !== entry));
      const later = new Set(analyticsFiles);
      for (const island of page.islands) {
        if (bundled.includes(island.name)) continue;
        for (const file of closure(islandOutput(island.name), island.when !== "load")) (island.when === "load" ? preloads : later).add(file);
      }
      const firstLoad = new Set([entry, ...preloads]);
      const scripts: PageScripts = {
        entry: sitePath(entry),
        preloads: [...preloads].map(sitePath),
        later: [...later].filter((file) => !firstLoad.has(file)).map(sitePath),
      };
      return [page.route, scripts];
    }),
  );
  await writeFile(resolve(outDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  return manifest;
}
