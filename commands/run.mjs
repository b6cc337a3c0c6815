// Runs one of the engine's commands compiled (npm run build is `node commands/run.mjs build`): the command's
// file and every project file it imports bundled by esbuild into one module and its lazy chunks, which Node
// loads at once (through tsx's loader, file by file, every build took ~0.45 s more). The compiled engine is
// kept in .cache/engine/, named by what it is made from: a save to any of those files compiles it again.
// Plain JavaScript, so Node runs it as it is.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";

// V8 optimises a function (TurboFan, on its own threads) after 4 times the usual work in it: a build runs
// most of its code a few times, and on 2 cores those compiles took CPU from the image encoder (a cold
// build 6% faster). Code that stays hot (a 10,000-page render) is optimised all the same.
setFlagsFromString("--interrupt-budget=270336");

const ENGINE_DIR = ".cache/engine";
/** A compiled engine no record names is removed once unused this long (a run may still load its chunks). */
const UNUSED_GRACE_MS = 60 * 60 * 1000;
/** Read besides the bundled files: what decides how esbuild resolves and compiles them. */
const SETTINGS = ["tsconfig.json", "package.json"];

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error("Usage: node commands/run.mjs COMMAND [ARGUMENTS], which runs commands/COMMAND.ts compiled (e.g. build)");
  process.exit(2);
}
const entry = `commands/${name}.ts`;
/** What the compiled command was made from: its key, and the project files it read. */
const recordFile = join(ENGINE_DIR, `${name}.json`);

/** The key of a compiled engine: the versions, this file, and each project file with its bytes. */
function keyOf(/** @type {Map<string, string | Buffer>} */ files) {
  const hash = createHash("sha256");
  const esbuild = JSON.parse(readFileSync("node_modules/esbuild/package.json", "utf8")).version;
  hash.update(`${process.version}\0${esbuild}\0`).update(readFileSync(new URL(import.meta.url)));
  for (const [file, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`\0${file}\0`).update(bytes);
  return hash.digest("hex").slice(0, 20);
}

/** The compiled command's module, when the record names one made from the files as they are now. */
function compiled() {
  try {
    /** @type {{ key: string; files: string[] }} */
    const record = JSON.parse(readFileSync(recordFile, "utf8"));
    const folder = join(ENGINE_DIR, record.key);
    statSync(join(folder, `${name}.js`));
    if (keyOf(new Map(record.files.map((file) => [file, readFileSync(file)]))) !== record.key) return null;
    // Used now: no other run prunes it while this one may load its chunks.
    const now = new Date();
    utimesSync(folder, now, now);
    return join(folder, `${name}.js`);
  } catch {
    return null; // none yet, damaged, or a file of it gone
  }
}

/** Compiles the command: its module and chunks in .cache/engine/KEY/, the record beside. */
async function compile() {
  const esbuild = await import("esbuild");
  /** @type {Map<string, string | Buffer>} */
  const read = new Map();
  const outputDepth = join(ENGINE_DIR, "key");
  const result = await esbuild.build({
    entryPoints: { [name]: entry },
    bundle: true,
    splitting: true,
    platform: "node",
    // As tsx compiles: for the Node that runs it.
    target: `node${process.versions.node}`,
    format: "esm",
    packages: "external",
    jsx: "automatic",
    outdir: outputDepth,
    chunkNames: "[name]-[hash]",
    sourcemap: "linked",
    sourcesContent: false,
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [
      {
        name: "own-location",
        setup(build) {
          // Each file's `import.meta.url` keeps naming its own place (not the compiled module's): a worker's,
          // a child's or a package's path is found from it, as when it ran uncompiled.
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
  // Every other project file esbuild read (a JSON file), and its settings.
  const others = Object.keys(result.metafile.inputs).filter((file) => !read.has(file) && !file.includes("node_modules/"));
  for (const file of [...others, ...SETTINGS]) read.set(file, readFileSync(file));
  const key = keyOf(read);
  const made = mkdtempSync(join(ENGINE_DIR, "making-"));
  for (const output of result.outputFiles) writeFileSync(join(made, relative(outputDepth, output.path)), output.contents);
  try {
    renameSync(made, join(ENGINE_DIR, key));
  } catch {
    rmSync(made, { recursive: true, force: true }); // another run compiled the same engine meanwhile
  }
  const recordMade = `${recordFile}.${process.pid}.tmp`;
  writeFileSync(recordMade, JSON.stringify({ key, files: [...read.keys()] }));
  renameSync(recordMade, recordFile);
  try {
    prune(key);
  } catch {
    // another run pruned or compiled meanwhile: what is left goes next time
  }
  return join(ENGINE_DIR, key, `${name}.js`);
}

/** Removes the compiled engines no record names, once unused long enough that no run can still be loading them. */
function prune(/** @type {string} */ kept) {
  const named = new Set([kept]);
  const entries = readdirSync(ENGINE_DIR);
  for (const file of entries.filter((entry) => entry.endsWith(".json"))) {
    try {
      named.add(JSON.parse(readFileSync(join(ENGINE_DIR, file), "utf8")).key);
    } catch {
      // damaged: its engine is compiled again by its next run
    }
  }
  for (const folder of entries.filter((entry) => !entry.endsWith(".json") && !named.has(entry))) {
    const path = join(ENGINE_DIR, folder);
    const used = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (used !== undefined && Date.now() - used > UNUSED_GRACE_MS) rmSync(path, { recursive: true, force: true });
  }
}

let module = compiled();
if (!module) {
  try {
    mkdirSync(ENGINE_DIR, { recursive: true });
    module = await compile();
  } catch (error) {
    const errors = /** @type {{ errors?: import("esbuild").Message[] }} */ (error).errors;
    const where = (/** @type {import("esbuild").Message} */ message) =>
      message.location ? `${message.location.file}:${message.location.line}:${message.location.column + 1}: ` : "";
    if (errors) console.error(`${entry}, or a file it imports, does not compile:\n${errors.map((message) => `  ${where(message)}${message.text}`).join("\n")}`);
    else console.error(`${entry} could not be compiled into ${ENGINE_DIR}/: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
// The command sees itself run as it would uncompiled: its file, then its own arguments.
process.argv = [process.argv[0], resolve(entry), ...args];
if (process.env.DEBUG) process.setSourceMapsEnabled(true);
await import(pathToFileURL(resolve(module)).href);
