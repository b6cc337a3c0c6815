// Dev equals build: the engine (build.ts, engine/, commands/) reads the site only through what the page bundle
// or the content store reports, so a dev save reaches every output. What it imports itself of the project is
// its own code, or the content store's declaration, whose save restarts the dev server as a save of engine/ does. Nothing of it imports tools/.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as esbuild from "esbuild";
import { BUILD_SOURCES } from "../../engine/pipeline/sources.ts";

/** Every project file the program loads itself (its packages left out), as esbuild traces them. */
async function importedBy(entry: string): Promise<string[]> {
  const { metafile } = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  return Object.keys(metafile.inputs);
}

const restarts = (file: string) => BUILD_SOURCES.some((source) => file === source || file.startsWith(`${source}/`));

for (const entry of ["commands/build.ts", "commands/dev.ts", "commands/serve.ts"]) {
  test(`${entry} imports nothing of pages/, components/, content/ or shared/ but the content store's declaration`, async () => {
    const files = await importedBy(entry);
    if (entry !== "commands/serve.ts") assert.ok(files.includes("engine/content/modules.ts"), "the trace reaches the content store");
    const bypassing = files.filter((file) => !file.startsWith("commands/") && !restarts(file));
    assert.deepEqual(bypassing, [], "read through the page bundle (engine/pipeline/page-entry.ts, printedContent) instead");
  });
}
