// npm test: make sure the browsers are there, build the test sites once, then run every test file.
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import fg from "fast-glob";
import { chromePath } from "../commands/support/browser.ts";
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

const started = performance.now();
const run = (label: string, command: string, args: string[]) => {
  console.log(`\n── ${label}`);
  return spawnSync(command, args, { stdio: "inherit" }).status ?? 1;
};

// The cheap checks first: a wrong type or a lint error fails in seconds, before any build.
const bin = (name: string) => `node_modules/.bin/${name}`;
if (run("type check (tsc --noEmit)", bin("tsc"), ["--noEmit", "-p", "."]) !== 0) process.exit(1);
if (run("format and lint (biome check)", bin("biome"), ["check", "."]) !== 0) {
  console.error("Fix the above, or let Biome do it: npx biome check --write .");
  process.exit(1);
}

ensureInstalled([
  ["chromium", chromePath],
  ["nginx", nginxPath],
  ["firefox-esr", firefoxPath],
  ["xvfb", xvfbPath],
  ["webkit2gtk-driver", webKitWebDriverPath],
  ["libwebkit2gtk-4.1-0", miniBrowserPath],
]);
console.log("Building the test sites…");
await buildTestSites();

// The unit tests run beside the build and browser tests (which mostly wait on Chromium and servers);
// their report is printed whole once they finish, so the two never interleave.
const unitRun = new Promise<{ status: number; output: string }>((done) => {
  const child = spawn(bin("vitest"), ["run"], { env: { ...process.env, FORCE_COLOR: "0" } });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.on("close", (status) => done({ status: status ?? 1, output }));
});
// WebKitGTK draws into an X display: without one, a private Xvfb serves the whole run.
const xvfb = process.env.DISPLAY ? null : await startXvfb();
if (xvfb) process.env.DISPLAY = xvfb.name;
const nodeTests = (await fg(["test/build/*.test.ts", "test/browser/*.test.ts"])).sort();
console.log(`\n── build and browser tests (node:test, ${nodeTests.length} files)`);
const rest = await new Promise<number>((done) => {
  const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...nodeTests], { stdio: "inherit" });
  child.on("close", (status) => done(status ?? 1));
});
xvfb?.stop();
const unit = await unitRun;
console.log("\n── unit and component tests (vitest, run beside the others)");
console.log(unit.output);

console.log(`\nnpm test took ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(unit.status || rest);
