// npm test: make sure a browser is there, build the test sites once, then run every test file.
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import fg from "fast-glob";
import { chromePath } from "../commands/support/browser.ts";
import { nginxPath } from "./helpers/nginx.ts";
import { buildTestSites } from "./helpers/site.ts";

/** Finds a program the tests drive, or installs Debian's package for it when running as root. */
function ensureInstalled(name: string, find: () => string): void {
  try {
    find();
    return;
  } catch (error) {
    const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
    if (!canInstall) {
      console.error(`${(error as Error).message}\nAs root on Debian/Ubuntu, npm test installs it itself.`);
      process.exit(1);
    }
  }
  console.log(`No ${name} found: installing Debian's ${name} (apt-get update && apt-get install -y ${name})…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${name}`, { stdio: "inherit" });
  find();
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

ensureInstalled("chromium", chromePath);
ensureInstalled("nginx", nginxPath);
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
const nodeTests = (await fg(["test/build/*.test.ts", "test/browser/*.test.ts"])).sort();
console.log(`\n── build and browser tests (node:test, ${nodeTests.length} files)`);
const rest = await new Promise<number>((done) => {
  const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...nodeTests], { stdio: "inherit" });
  child.on("close", (status) => done(status ?? 1));
});
const unit = await unitRun;
console.log("\n── unit and component tests (vitest, run beside the others)");
console.log(unit.output);

console.log(`\nnpm test took ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(unit.status || rest);
