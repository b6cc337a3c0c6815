// npm test: the cheap checks, the browsers and servers the tests need, the test sites built once, then
// the test files, a few processes at a time, the slowest first: each long file in a process of its own,
// the short ones a few to a shared process. Each process's report is printed whole when it ends (never
// interleaved), and a table of every process's time and test count at the end. Each browser file
// launches its own Chromium (a fresh context per test).
//   npm test                          everything
//   TEST_FILES=journeys npm test      only the files whose path contains one of these words (comma-separated)
//   TEST_JOBS=2 npm test              how many processes run at once (default 3)
import { type ChildProcess, execSync, type SpawnOptions, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import fg from "fast-glob";
import { TYPE_CHECK_ARGS, typeCheckProgram } from "../engine/dev/type-check.ts";
import { chromePath } from "../tools/support/browser.ts";
import { groupAlive, signalEach } from "../tools/support/processes.ts";
import { headlessShellPath } from "./helpers/engines/chromium.ts";
import { startXvfb, xvfbPath } from "./helpers/engines/display.ts";
import { firefoxPath } from "./helpers/engines/firefox.ts";
import { miniBrowserPath, webKitWebDriverPath } from "./helpers/engines/webkit.ts";
import { nginxPath } from "./helpers/nginx.ts";
import { buildTestSites } from "./helpers/site.ts";

/**
 * Finds each program the tests drive; installs the Debian packages of those missing when running as
 * root, else names them all and stops.
 */
function ensureInstalled(programs: [debianPackage: string, find: () => string][]): void {
  const missing: { name: string; why: string; find: () => string }[] = [];
  for (const [name, find] of programs) {
    try {
      find();
    } catch (error) {
      missing.push({ name, why: (error as Error).message, find });
    }
  }
  if (missing.length === 0) return;
  const names = missing.map(({ name }) => name).join(" ");
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    for (const { why } of missing) console.error(why);
    console.error(`All at once: apt-get install -y ${names}\nAs root on Debian/Ubuntu, npm test installs them itself.`);
    process.exit(1);
  }
  console.log(`Missing: installing Debian's ${names} (apt-get update && apt-get install -y ${names})…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`, { stdio: "inherit" });
  for (const { find } of missing) find();
}

interface Job {
  /** What the table calls it: the test file, the files sharing its process, or "vitest". */
  name: string;
  command: string;
  args: string[];
  /** The number of tests its report says ran, or null when it says none (or a file of it ran none). */
  count: (output: string) => number | null;
  /** The node:test files it runs. */
  files?: string[];
}

interface Done {
  name: string;
  /** When it started, in seconds from the start of npm test. */
  startedAt: number;
  seconds: number;
  ok: boolean;
  tests: number | null;
}

/** A process that runs longer than this has hung: it is stopped and fails. */
const FILE_LIMIT_MS = 180_000;
/** Each process's last time, so the next run starts the slowest first. */
const TIMES = ".cache/test-times.json";
const JOBS = Number(process.env.TEST_JOBS ?? 3);
const ONLY = process.env.TEST_FILES?.split(",").filter(Boolean);

const started = performance.now();
const bin = (name: string) => `node_modules/.bin/${name}`;
const seconds = (since: number) => (performance.now() - since) / 1000;

/** The process groups of the test processes running now: each runs in a group of its own. */
const running = new Set<number>();
/** Set on Ctrl+C or a terminate: no further file starts. */
let stopping = false;

/**
 * Runs a command with its stdout and stderr kept as one text, to be printed whole once it ends.
 * `watch` sees the child as it starts, and may add a line of its own to the text.
 */
function runCollected(
  command: string,
  args: string[],
  options: SpawnOptions,
  watch?: (child: ChildProcess, note: (text: string) => void) => void,
): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, options);
    let output = "";
    const add = (chunk: Buffer | string) => {
      output += chunk;
    };
    child.stdout?.on("data", add);
    child.stderr?.on("data", add);
    watch?.(child, add);
    child.on("error", (error) => done({ status: null, output: `${output}${error.message}` }));
    child.on("close", (status) => done({ status, output }));
  });
}

async function runJob(job: Job, env: NodeJS.ProcessEnv): Promise<Done> {
  const since = performance.now();
  let group = 0;
  let limit: NodeJS.Timeout | undefined;
  const { status, output } = await runCollected(job.command, job.args, { env, detached: true }, (child, note) => {
    group = child.pid!;
    running.add(group);
    limit = setTimeout(() => {
      note(`\n✖ still running after ${FILE_LIMIT_MS / 1000} s: stopped\n`);
      process.kill(-group, "SIGKILL");
    }, FILE_LIMIT_MS);
  });
  running.delete(group);
  clearTimeout(limit);
  const tests = job.count(output);
  const result = { name: job.name, startedAt: (since - started) / 1000, seconds: seconds(since), ok: status === 0 && tests !== null, tests };
  const mark = result.ok ? "✔" : "✖";
  console.log(`\n── ${mark} ${job.name} (${tests ?? "no"} tests, ${result.seconds.toFixed(1)} s)`);
  console.log(output.trimEnd());
  if (tests === null) {
    const none = job.files && job.files.length > 1 ? withoutTests(job.files, output) : [];
    console.log(`✖ ${none.length ? none.join(", ") : job.name} ran no tests: a file must run at least one`);
  }
  return result;
}

/** Runs the jobs `JOBS` at a time, in the order given. */
async function runAll(jobs: Job[], env: NodeJS.ProcessEnv): Promise<Done[]> {
  const queue = [...jobs];
  const results: Done[] = [];
  const worker = async () => {
    for (let job = queue.shift(); job && !stopping; job = queue.shift()) results.push(await runJob(job, env));
  };
  await Promise.all(Array.from({ length: Math.min(JOBS, jobs.length) }, worker));
  return results;
}

function readTimes(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(TIMES, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

// node:test's spec reporter ends with "ℹ tests 12"; vitest's with "Tests  84 passed (84)".
const nodeTestCount = (output: string) => {
  const tests = Number(/^ℹ tests (\d+)$/m.exec(output)?.[1] ?? 0);
  return tests > 0 ? tests : null;
};
const vitestCount = (output: string) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes, should a terminal setting bring them back
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const tests = Number(/^\s*Tests\s+.*\((\d+)\)\s*$/m.exec(plain)?.[1] ?? 0);
  return tests > 0 ? tests : null;
};

/**
 * A shared process's count: node:test's total, once every file of it ran a test of its own, as its last
 * line says (test/helpers/tests-per-file.mjs counts the tests each file's suite ran; a suite is not one).
 * A file that registers none counts as running none, as it would in a process of its own.
 */
const sharedCount = (files: string[]) => (output: string) => (withoutTests(files, output).length ? null : nodeTestCount(output));
/** The files of a shared process that ran no test, by its last line. */
const withoutTests = (files: string[], output: string) => {
  const counts = JSON.parse(/^tests per file: (.*)$/m.exec(output)?.[1] ?? "{}") as Record<string, number>;
  return files.filter((file) => !counts[file]);
};

/**
 * The long test files, each run in a process of its own: the journeys in each engine, a dev server, builds
 * of project copies, every page in every theme, Lighthouse, the CMS's journeys. The others run beside them
 * in shared processes (with the Chromium journeys among them, one shared process took 147-167 s of
 * FILE_LIMIT_MS's 180 quiet; with the CMS's 15 journeys, 150 s).
 */
const ALONE = [
  "smoke",
  "cms",
  "deploy-workflow",
  "journeys-chromium",
  "journeys-firefox",
  "journeys-webkit",
  "dev-server",
  "lighthouse",
  "collection-errors",
  "rebuild",
  "verify",
];
/** At most this many short files share a process. Sharing saves each file its own start (Node, tsx,
 * playwright-core, jsdom): the twelve short build files took 24 CPU-s in processes of their own and
 * 17 in two shared ones, the ten short browser files 45 and 38 (two runs each, one process at a time, quiet). */
const FILES_PER_PROCESS = 6;

/** The short files of each folder, dealt in turn (in name order) into as few shared processes as hold them. */
function sharedProcesses(files: string[]): string[][] {
  const byFolder = new Map<string, string[]>();
  for (const file of files) {
    const folder = file.slice(0, file.lastIndexOf("/"));
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  return [...byFolder.values()].flatMap((inFolder) => {
    const processes: string[][] = Array.from({ length: Math.ceil(inFolder.length / FILES_PER_PROCESS) }, () => []);
    for (const [i, file] of inFolder.entries()) processes[i % processes.length].push(file);
    return processes;
  });
}

/** The file, or for several "test/build: content, hosts, islands". */
const sharedName = (files: string[]) =>
  files.length === 1
    ? files[0]
    : `${files[0].slice(0, files[0].lastIndexOf("/"))}: ${files.map((file) => file.slice(file.lastIndexOf("/") + 1, -".test.ts".length)).join(", ")}`;

/** A check run beside the rest of the setup; its output is kept, to be printed whole. */
async function check(label: string, command: string, args: string[]): Promise<{ label: string; ok: boolean; output: string }> {
  const { status, output } = await runCollected(command, args, { env: { ...process.env, NO_COLOR: "1" } });
  return { label, ok: status === 0, output };
}

ensureInstalled([
  ["chromium", chromePath],
  ["chromium-headless-shell", headlessShellPath],
  ["nginx", nginxPath],
  ["firefox-esr", firefoxPath],
  ["xvfb", xvfbPath],
  ["webkit2gtk-driver", webKitWebDriverPath],
  ["libwebkit2gtk-4.1-0", miniBrowserPath],
]);

// The cheap checks, the test sites' build and the display's start run side by side (the checks on the
// other core): a wrong type or a lint error still stops the run before any test. tsc is incremental,
// sharing npm run dev's record, on one thread, with the dev server's own arguments (TYPE_CHECK_ARGS):
// unchanged files are not checked again (under 1 CPU-s instead of ~2.4).
console.log("── type check (tsc), format and lint (biome), building the test sites, starting Xvfb");
const checks = Promise.all([
  check("type check (tsc --noEmit)", typeCheckProgram(), TYPE_CHECK_ARGS),
  check("format and lint (biome check)", bin("biome"), ["check", "."]),
]);
const sitesBuilt = buildTestSites();
// WebKitGTK draws into an X display: without one, a private Xvfb serves the whole run.
const display = process.env.DISPLAY ? null : startXvfb();
const [tsc, biome] = await checks;
for (const { label, ok, output } of [tsc, biome]) if (!ok) console.log(`── ${label} failed\n${output.trimEnd()}`);
if (!biome.ok) console.error("Fix the above, or let Biome do it: npx biome check --write .");
const xvfb = await display;
const stopDisplay = () => xvfb?.stop();
if (!tsc.ok || !biome.ok) {
  await sitesBuilt.catch(() => {});
  stopDisplay();
  process.exit(1);
}
await sitesBuilt.catch((error) => {
  stopDisplay();
  throw error;
});

const files = (await fg(["test/build/*.test.ts", "test/browser/*.test.ts"])).sort().filter((file) => !ONLY || ONLY.some((word) => file.includes(word)));
/** Node imports the firm's content files (content/*.yaml) as the page bundle does (test/helpers/content-loader.ts). */
const CONTENT_HOOKS = ["--import", "./test/helpers/content-hooks.ts"];
const nodeTest = (name: string, ofProcess: string[]): Job => ({
  name,
  command: process.execPath,
  args:
    ofProcess.length === 1
      ? ["--import", "tsx", ...CONTENT_HOOKS, "--test-reporter=spec", ...ofProcess]
      : [
          "--import",
          "tsx",
          ...CONTENT_HOOKS,
          ...["--test-reporter=spec", "--test-reporter-destination=stdout"],
          ...["--test-reporter=./test/helpers/tests-per-file.mjs", "--test-reporter-destination=stdout"],
          "test/helpers/shared-process.ts",
          ...ofProcess,
        ],
  count: ofProcess.length === 1 ? nodeTestCount : sharedCount(ofProcess),
  files: ofProcess,
});
const alone = files.filter((file) => ALONE.some((name) => file.endsWith(`/${name}.test.ts`)));
const jobs: Job[] = [
  ...(!ONLY || ONLY.some((word) => "vitest (test/unit)".includes(word))
    ? [{ name: "vitest (test/unit)", command: bin("vitest"), args: ["run"], count: vitestCount }]
    : []),
  ...alone.map((file) => nodeTest(file, [file])),
  ...sharedProcesses(files.filter((file) => !alone.includes(file))).map((shared) => nodeTest(sharedName(shared), shared)),
];
// The slowest first, so that the last to finish is a short one. A process not timed yet (every one, in a
// fresh clone) counts as slow, and of those the more files the slower: the shared processes first (in a
// fresh clone they had started last, the last of them 87 s into a 104 s run).
const times = readTimes();
const timeOf = (job: Job) => times[job.name] ?? Number.POSITIVE_INFINITY;
jobs.sort((a, b) => timeOf(b) - timeOf(a) || (b.files?.length ?? 0) - (a.files?.length ?? 0));

const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
if (xvfb) env.DISPLAY = xvfb.name;
console.log(
  `── ${jobs.length} test processes (${files.length} node:test files${jobs.some((job) => job.name.startsWith("vitest")) ? " and vitest" : ""}), ${JOBS} at a time`,
);
// Ctrl+C (or a terminate) reaches only this process's group. Each file's group gets an interrupt, as
// Ctrl+C would give it, so that puppeteer and chrome-launcher stop the browsers they started in groups
// of their own; whatever is left after 5 s is killed. The Xvfb stops too.
const groups = () => [...running].map((pid) => -pid);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, async () => {
    stopping = true;
    console.error(`\n── stopped (${signal}): stopping the ${running.size} test processes running`);
    signalEach(groups(), "SIGINT");
    for (let waited = 0; waited < 5000 && groups().some(groupAlive); waited += 50) await new Promise((done) => setTimeout(done, 50));
    signalEach(groups(), "SIGKILL");
    stopDisplay();
    process.exit(128 + os.constants.signals[signal]);
  });
}
const results = await runAll(jobs, env).finally(stopDisplay);

mkdirSync(".cache", { recursive: true });
// A whole run's times replace the record (a shared process is named by its files, so a file added or
// removed renames it); a partial run's are added to it.
const timesNow = Object.fromEntries(results.map((result) => [result.name, Number(result.seconds.toFixed(1))]));
writeFileSync(TIMES, JSON.stringify(ONLY ? { ...times, ...timesNow } : timesNow, null, 1));
console.log("\n── each process's time, slowest first (and when it started)");
for (const result of [...results].sort((a, b) => b.seconds - a.seconds)) {
  const when = `at ${result.startedAt.toFixed(0).padStart(3)} s`;
  console.log(`${result.ok ? "✔" : "✖"} ${result.seconds.toFixed(1).padStart(5)} s  ${when}  ${String(result.tests ?? 0).padStart(3)} tests  ${result.name}`);
}
const failed = results.filter((result) => !result.ok);
const total = results.reduce((sum, result) => sum + (result.tests ?? 0), 0);
console.log(
  `\n${total} tests in ${results.length} process${results.length === 1 ? "" : "es"}; ${failed.length ? `${failed.length} FAILED: ${failed.map((f) => f.name).join("; ")}` : "all passed"}`,
);
console.log(`npm test took ${seconds(started).toFixed(1)} s`);
process.exit(failed.length ? 1 : 0);
