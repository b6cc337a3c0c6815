// Bundles the browser JavaScript: for each set of islands a page uses, one small entry that
// hydrates them with Preact (never React), sharing code through content-hashed chunks.
import * as esbuild from "esbuild";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { AnalyticsConfig } from "../islands/analytics.ts";

export interface PageScripts {
  /** The module script a page loads. */
  entry: string;
  /** Chunks it imports, preloaded so they download in parallel. */
  preloads: string[];
}

const root = process.cwd();
const islandFile = (name: string) => resolve(root, "islands", `${name}.tsx`);

/** Pages that share the same islands share one entry, named after what they add to the common ones. */
export function entryName(islands: string[], common: string[]): string {
  const own = islands.filter((name) => !common.includes(name));
  return own.length ? own.join("-") : "site";
}

function entrySource(islands: string[], analytics: AnalyticsConfig): string {
  const imports = islands.map((name) => `import ${name} from ${JSON.stringify(islandFile(name))};`);
  return [
    `import { hydrateIslands } from ${JSON.stringify(resolve(root, "islands/runtime/hydrate.ts"))};`,
    `import { startAnalytics } from ${JSON.stringify(resolve(root, "islands/analytics.ts"))};`,
    ...imports,
    `hydrateIslands({ ${islands.join(", ")} });`,
    `startAnalytics(${JSON.stringify(analytics)});`,
  ].join("\n");
}

/** Stops the build if anything would ship React, or an island file is missing. */
const guard: esbuild.Plugin = {
  name: "islands-guard",
  setup(build) {
    build.onResolve({ filter: /^react-dom(\/|$)|^react\/jsx/ }, (args) => ({
      errors: [{ text: `${args.importer}: imports "${args.path}"; islands may import only hooks from "react" (served by Preact), never react-dom` }],
    }));
  },
};

export async function bundleIslands(
  pages: { route: string; islands: string[] }[],
  analytics: AnalyticsConfig,
  outDir: string,
): Promise<Map<string, PageScripts>> {
  for (const page of pages) {
    for (const name of page.islands) {
      if (!existsSync(islandFile(name))) throw new Error(`${page.route}: uses island ${name}, but islands/${name}.tsx does not exist; an island's component name must match its file name`);
    }
  }
  const common = pages.map((p) => p.islands).reduce((a, b) => a.filter((name) => b.includes(name)));
  const entries = new Map(pages.map((p) => [entryName(p.islands, common), p.islands]));

  const result = await esbuild.build({
    entryPoints: [...entries.keys()].map((name) => ({ in: `island-entry:${name}`, out: name })),
    bundle: true,
    splitting: true,
    format: "esm",
    target: "es2022",
    minify: true,
    legalComments: "none",
    jsx: "automatic",
    jsxImportSource: "preact",
    alias: { react: resolve(root, "islands/runtime/react.ts") },
    define: { "process.env.NODE_ENV": '"production"' },
    outdir: resolve(outDir, "assets"),
    entryNames: "[name].[hash]",
    chunkNames: "chunk.[hash]",
    metafile: true,
    logLevel: "silent",
    plugins: [
      guard,
      {
        name: "island-entries",
        setup(build) {
          build.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path.slice("island-entry:".length), namespace: "island-entry" }));
          build.onLoad({ filter: /.*/, namespace: "island-entry" }, (args) => ({
            contents: entrySource(entries.get(args.path)!, analytics),
            loader: "ts",
            resolveDir: root,
          }));
        },
      },
    ],
  }).catch((error: esbuild.BuildFailure) => {
    throw new Error(`islands/: esbuild failed:\n${error.errors.map((e) => `  ${e.location?.file ?? ""}:${e.location?.line ?? ""} ${e.text}`).join("\n")}`);
  });

  const outputs = result.metafile.outputs;
  const sitePath = (file: string) => `/${file.slice(file.indexOf("assets/"))}`;
  const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
    for (const imported of outputs[file].imports) {
      if (imported.kind === "import-statement" && !seen.has(imported.path)) {
        seen.add(imported.path);
        staticImports(imported.path, seen);
      }
    }
    return seen;
  };
  const byEntry = new Map<string, PageScripts>();
  for (const [file, output] of Object.entries(outputs)) {
    const name = output.entryPoint?.replace("island-entry:", "");
    if (name) byEntry.set(name, { entry: sitePath(file), preloads: [...staticImports(file)].map(sitePath) });
  }
  return new Map(pages.map((p) => [p.route, byEntry.get(entryName(p.islands, common))!]));
}
