// Runs an engine command (`node commands/run.mjs build`) compiled by esbuild into .cache/engine/KEY/, KEY hashing
// every file it imports: Node loads it at once (through tsx's loader, every build took ~0.45 s more).
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";

// TurboFan after 4 times the usual work: on 2 cores its compiles took CPU from the image encoder (a cold build 6% faster).
setFlagsFromString("--interrupt-budget=270336");

const ENGINE_DIR = ".cache/engine";

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error("Usage: node commands/run.mjs COMMAND [ARGUMENTS], which runs commands/COMMAND.ts compiled (e.g. build)");
  process.exit(2);
}
const entry = `commands/${name}.ts`;
const recordFile = join(ENGINE_DIR, `${name}.json`);

function keyOf(/** @type {Map<string, string | Buffer>} */ files) {
  const esbuild = JSON.parse(readFileSync("node_modules/esbuild/package.json", "utf8")).version;
  const hash = createHash("sha256")
    .update(`${process.version}\0${esbuild}\0`)
    .update(readFileSync(new URL(import.meta.url)));
  for (const [file, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`\0${file}\0`).update(bytes);
  return hash.digest("hex").slice(0, 20);
}

/** The compiled command's module, when the record names one made from the files as they are now. */
function compiled() {
  try {
    const record = /** @type {{ key: string; files: string[] }} */ (JSON.parse(readFileSync(recordFile, "utf8")));
    const folder = join(ENGINE_DIR, record.key);
    statSync(join(folder, `${name}.js`));
    if (keyOf(new Map(record.files.map((file) => [file, readFileSync(file)]))) !== record.key) return null;
    utimesSync(folder, new Date(), new Date()); // used now: no other run prunes it while this one loads it
    return join(folder, `${name}.js`);
  } catch {
    return null;
  }
}

async function compile() {
  const esbuild = await import("esbuild");
  const read = /** @type {Map<string, string | Buffer>} */ (new Map());
  const outputDepth = join(ENGINE_DIR, "key");
  const result = await esbuild.build({
    entryPoints: { [name]: entry },
    bundle: true,
    splitting: true,
    platform: "node",
    target: `node${process.versions.node}`,
    format: "esm",
    packages: "external",
    outdir: outputDepth,
    sourcemap: "linked",
    sourcesContent: false,
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [
      {
        name: "own-location",
        setup(build) {
          // Each file's `import.meta.url` keeps naming its own place, from which workers and packages are found.
          build.onLoad({ filter: /\.(ts|tsx|mjs|js)$/ }, async (args) => {
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
  const others = Object.keys(result.metafile.inputs).filter((file) => !read.has(file) && !file.includes("node_modules/"));
  // With the settings that decide how esbuild resolves and compiles them.
  for (const file of [...others, "tsconfig.json", "package.json"]) read.set(file, readFileSync(file));
  const key = keyOf(read);
  const made = mkdtempSync(join(ENGINE_DIR, "making-"));
  for (const output of result.outputFiles) writeFileSync(join(made, relative(outputDepth, output.path)), output.contents);
  try {
    renameSync(made, join(ENGINE_DIR, key));
  } catch {
    rmSync(made, { recursive: true, force: true }); // another run compiled the same engine
  }
  writeFileSync(recordFile, JSON.stringify({ key, files: [...read.keys()] })); // read half-written: compiled again
  try {
    // Older engines, once unused for an hour: no run can still be loading them.
    for (const folder of readdirSync(ENGINE_DIR).filter((entry) => !entry.endsWith(".json") && entry !== key)) {
      const path = join(ENGINE_DIR, folder);
      if (Date.now() - statSync(path).mtimeMs > 60 * 60 * 1000) rmSync(path, { recursive: true, force: true });
    }
  } catch {} // another run pruned meanwhile: what is left goes next time
  return join(ENGINE_DIR, key, `${name}.js`);
}

let module = compiled();
if (!module) {
  try {
    mkdirSync(ENGINE_DIR, { recursive: true });
    module = await compile();
  } catch (error) {
    const { errors } = /** @type {{ errors?: import("esbuild").Message[] }} */ (error);
    const where = (/** @type {import("esbuild").Message} */ { location: at }) => (at ? `${at.file}:${at.line}:${at.column + 1}: ` : "");
    if (errors) console.error(`${entry}, or a file it imports, does not compile:\n${errors.map((message) => `  ${where(message)}${message.text}`).join("\n")}`);
    else console.error(`${entry} could not be compiled into ${ENGINE_DIR}/: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
process.argv = [process.argv[0], resolve(entry), ...args];
if (process.env.DEBUG) process.setSourceMapsEnabled(true);
await import(pathToFileURL(resolve(module)).href);
