// The stylesheet every page inlines, cached by its sources. A build runs Dart Sass's native command (sass-embedded's
// JavaScript host costs the main thread far more); the dev server keeps a compiler.
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { keyOf } from "../state/key.ts";
import { cached } from "../state/store.ts";

export const ENTRY = "styles/main.scss";
const sassVersion = readFile("node_modules/sass-embedded/package.json", "utf8").then((json) => String(JSON.parse(json).version));

export type Compiler = Pick<typeof import("sass-embedded"), "compileAsync" | "compileStringAsync">;

function nativeSass(): [dart: string, snapshot: string] | null {
  const require = createRequire(import.meta.url);
  for (const name of [`sass-embedded-${process.platform}-${process.arch}`, `sass-embedded-${process.platform}-musl-${process.arch}`]) {
    try {
      return [require.resolve(`${name}/dart-sass/src/dart`), require.resolve(`${name}/dart-sass/src/sass.snapshot`)];
    } catch {}
  }
  return null;
}

/** The CSS, or null when the command could not be started. `signal` ends Sass's process (the build failed). */
function compileNatively([dart, snapshot]: [string, string], signal?: AbortSignal): Promise<string | null> {
  return new Promise((done, fail) => {
    execFile(dart, [snapshot, "--style=compressed", "--no-source-map", ENTRY], { maxBuffer: 64 * 1024 * 1024, signal }, (error, stdout, stderr) => {
      if (signal?.aborted) fail(error);
      // Not started (ENOENT, EACCES: a string code); Sass's own failure is an exit code.
      else if (error && typeof error.code === "string") done(null);
      else if (error) fail(new Error(stderr.trim().replace(/^Error: /, "") || error.message));
      else {
        if (stderr.trim()) console.warn(stderr.trimEnd());
        done(stdout.trimEnd());
      }
    });
  });
}

async function compile(compiler?: Compiler, signal?: AbortSignal): Promise<string> {
  try {
    const native = compiler ? null : nativeSass();
    const css = native && (await compileNatively(native, signal));
    if (css !== null) return css;
    const sass = compiler ?? (await import("sass-embedded"));
    return (await sass.compileAsync(ENTRY, { style: "compressed" })).css;
  } catch (error) {
    throw new Error(`styles/: Sass failed to compile: ${(error as Error).message}`);
  }
}

export async function buildStyles(compiler?: Compiler, signal?: AbortSignal): Promise<string> {
  const files = (await readdir("styles", { recursive: true })).filter((file) => /\.s?css$/.test(file)).sort();
  const sources = await Promise.all(files.map(async (file) => `${file}\n${await readFile(join("styles", file), "utf8")}`));
  const css = await cached("styles", keyOf(await sassVersion, ...sources), "css", () => compile(compiler, signal));
  return css.toString("utf8");
}
