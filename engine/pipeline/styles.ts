// Compiles styles/main.scss into one compressed stylesheet (cached by the sources), which every page inlines
// in a <style> (its hash in style-src): a few KB more HTML a page, and no request before first paint.
// A build compiles with Dart Sass's own command (the native compiler sass-embedded installs), in a
// process of its own: loading sass-embedded's JavaScript host costs the build's main thread far more.
// The dev server keeps sass-embedded's compiler running (engine/dev/styles.ts).
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { keyOf } from "../state/key.ts";
import { cached } from "../state/store.ts";

/** Sass's entry: the site's stylesheet, which uses every partial. */
export const ENTRY = "styles/main.scss";
/** A new Sass may compile differently, so its version is part of the cache key. */
const sassVersion = readFile("node_modules/sass-embedded/package.json", "utf8").then((json) => String(JSON.parse(json).version));

/** A sass-embedded compiler: the dev server's long-lived one, or the module's own. */
export type Compiler = Pick<typeof import("sass-embedded"), "compileAsync" | "compileStringAsync">;

/** Dart Sass's native command as sass-embedded installs it for this machine (its optional package
 * sass-embedded-<platform>-<arch>), or null where there is none: the JavaScript host then compiles. */
function nativeSass(): [dart: string, snapshot: string] | null {
  const require = createRequire(import.meta.url);
  for (const name of [`sass-embedded-${process.platform}-${process.arch}`, `sass-embedded-${process.platform}-musl-${process.arch}`]) {
    try {
      return [require.resolve(`${name}/dart-sass/src/dart`), require.resolve(`${name}/dart-sass/src/sass.snapshot`)];
    } catch {
      // Not this package: the next, or the JavaScript host.
    }
  }
  return null;
}

/** The CSS, or null when the command could not be started (the JavaScript host then compiles). `signal`
 * ends Sass's process (the build failed meanwhile): the promise is then rejected once it has exited. */
function compileNatively([dart, snapshot]: [string, string], signal?: AbortSignal): Promise<string | null> {
  return new Promise((done, fail) => {
    execFile(dart, [snapshot, "--style=compressed", "--no-source-map", ENTRY], { maxBuffer: 64 * 1024 * 1024, signal }, (error, stdout, stderr) => {
      if (signal?.aborted) fail(error);
      // Not started (ENOENT, EACCES: a string code), where Sass's own failure is an exit code.
      else if (error && typeof error.code === "string") done(null);
      else if (error) fail(new Error(stderr.trim().replace(/^Error: /, "") || error.message));
      else {
        // Sass's warnings (deprecations) are still shown.
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

/** The compiled stylesheet's text, which the pages inline. `signal`: a build's, which ends Sass's own
 * command should the build fail meanwhile. */
export async function buildStyles(compiler?: Compiler, signal?: AbortSignal): Promise<string> {
  // Every stylesheet under styles/, in its folders too: a partial anywhere there may be imported.
  const files = (await readdir("styles", { recursive: true })).filter((file) => /\.s?css$/.test(file)).sort();
  const sources = await Promise.all(files.map(async (file) => `${file}\n${await readFile(join("styles", file), "utf8")}`));
  const css = await cached("styles", keyOf(await sassVersion, ...sources), "css", () => compile(compiler, signal));
  return css.toString("utf8");
}
