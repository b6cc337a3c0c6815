// Runs one of the engine's commands compiled (npm run build is `node commands/run.mjs build`): the command's
// file and every project file it imports bundled by esbuild into one module and its lazy chunks, which Node
// loads at once. Loaded through tsx's loader, file by file, the engine took ~0.45 s more of every build (a
// build of the real site with nothing changed: 0.9 → 0.5 s). The compiled engine is kept in .cache/engine/,
// named by what it is made from (each file it bundles, esbuild's version, this file): a save to any of them
// compiles it again (~0.15 s), on the run that finds it changed. Plain JavaScript, so Node runs it as it is.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ENGINE_DIR = ".cache/engine";
/** A compiled engine no record names is removed once this old (another run may be loading it). */
const UNNAMED_GRACE_MS = 60 * 60 * 1000;

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error("Usage: node commands/run.mjs COMMAND [ARGUMENTS], which runs commands/COMMAND.ts compiled (e.g. build)");
  process.exit(2);
}
const entry = `commands/${name}.ts`;
/** What the compiled command was made from: its key, and the project files it bundled. */
const recordFile = join(ENGINE_DIR, `${name}.json`);

/** The key of a compiled engine: esbuild's version, this file, and each project file with its bytes. */
function keyOf(/** @type {Map<string, string | Buffer>} */ files) {
  const hash = createHash("sha256");
  hash.update(JSON.parse(readFileSync("node_modules/esbuild/package.json", "utf8")).version).update("\0");
  hash.update(readFileSync(new URL(import.meta.url))).update("\0");
  for (const [file, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(file).update("\0").update(bytes).update("\0");
  return hash.digest("hex").slice(0, 20);
}

/** The compiled command's module, when the record names one made from the files as they are now. */
function compiled() {
  try {
    /** @type {{ key: string; files: string[] }} */
    const record = JSON.parse(readFileSync(recordFile, "utf8"));
    const module = join(ENGINE_DIR, record.key, `${name}.js`);
    statSync(module);
    return keyOf(new Map(record.files.map((file) => [file, readFileSync(file)]))) === record.key ? module : null;
  } catch {
    return null; // none yet, damaged, or a file of it gone
  }
}

/** Compiles the command: its module and chunks in .cache/engine/KEY/, the record beside. */
async function compile() {
  const esbuild = await import("esbuild");
  /** @type {Map<string, string>} */
  const read = new Map();
  const outputDepth = join(ENGINE_DIR, "key");
  const result = await esbuild.build({
    entryPoints: { [name]: entry },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    packages: "external",
    jsx: "automatic",
    outdir: outputDepth,
    chunkNames: "[name]-[hash]",
    sourcemap: "linked",
    sourcesContent: false,
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "own-location",
        setup(build) {
          // Each file keeps its own place: a worker's, a child's or a package's path is found from it
          // (new URL("./image-encoder.mjs", import.meta.url)), as when it ran uncompiled.
          build.onLoad({ filter: /\.(ts|tsx|mjs|js)$/ }, async (args) => {
            if (args.path.includes("/node_modules/")) return undefined;
            const file = relative(process.cwd(), args.path);
            const text = await readFile(args.path, "utf8");
            read.set(file, text);
            const own = `new URL(${JSON.stringify(relative(outputDepth, file))}, import.meta.url).href`;
            const loader = /\.tsx$/.test(file) ? "tsx" : /\.ts$/.test(file) ? "ts" : "js";
            return { contents: text.replaceAll("import.meta.url", own), loader };
          });
        },
      },
    ],
  });
  const key = keyOf(read);
  const made = join(ENGINE_DIR, `making-${process.pid}`);
  rmSync(made, { recursive: true, force: true });
  mkdirSync(made, { recursive: true });
  for (const output of result.outputFiles) writeFileSync(join(made, relative(outputDepth, output.path)), output.contents);
  try {
    renameSync(made, join(ENGINE_DIR, key));
  } catch {
    rmSync(made, { recursive: true, force: true }); // another run compiled the same engine meanwhile
  }
  const recordMade = `${recordFile}.${process.pid}`;
  writeFileSync(recordMade, JSON.stringify({ key, files: [...read.keys()] }));
  renameSync(recordMade, recordFile);
  prune(key);
  return join(ENGINE_DIR, key, `${name}.js`);
}

/** Removes the compiled engines no record names, once old enough that no run can still be loading them. */
function prune(/** @type {string} */ kept) {
  const named = new Set([kept]);
  const entries = readdirSync(ENGINE_DIR);
  for (const file of entries.filter((entry) => entry.endsWith(".json"))) {
    try {
      named.add(JSON.parse(readFileSync(join(ENGINE_DIR, file), "utf8")).key);
    } catch {
      // being written by another run: its engine is new, within the grace
    }
  }
  for (const folder of entries.filter((entry) => !entry.includes(".") && !named.has(entry))) {
    const path = join(ENGINE_DIR, folder);
    if (Date.now() - statSync(path).mtimeMs > UNNAMED_GRACE_MS) rmSync(path, { recursive: true, force: true });
  }
}

let module = compiled();
if (!module) {
  try {
    module = await compile();
  } catch (error) {
    const errors = /** @type {{ errors?: import("esbuild").Message[] }} */ (error).errors;
    const where = (/** @type {import("esbuild").Message} */ message) =>
      message.location ? `${message.location.file}:${message.location.line}:${message.location.column + 1}: ` : "";
    console.error(
      `${entry}, or a file it imports, does not compile:\n${errors ? errors.map((message) => `  ${where(message)}${message.text}`).join("\n") : error}`,
    );
    process.exit(1);
  }
}
// The command sees itself run as it would uncompiled: its file, then its own arguments.
process.argv = [process.argv[0], resolve(entry), ...args];
if (process.env.DEBUG) process.setSourceMapsEnabled(true);
await import(pathToFileURL(resolve(module)).href);
