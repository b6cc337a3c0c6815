// A build writes into copies of the output folders, swapped in once it has ended well (engine/outputs/staging.ts):
// a failed build leaves the live folders as they were, and what a stopped build left is tidied by the next.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { type OutputFolders, staged } from "../../engine/outputs/staging.ts";
import { fileVersion, writeWhole } from "../../engine/state/files.ts";

let root: string;
let live: OutputFolders;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "staging-"));
  live = { outDir: join(root, "dist"), hostsDir: join(root, "dist-hosts") };
  mkdirSync(join(live.outDir, "case-studies"), { recursive: true });
  mkdirSync(live.hostsDir);
  writeFileSync(join(live.outDir, "index.html"), "last good home");
  writeFileSync(join(live.outDir, "case-studies/eqos-initiative.html"), "last good study");
  writeFileSync(join(live.hostsDir, "server.conf"), "last good server");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (folder: string, file: string) => readFileSync(join(folder, file), "utf8");
/** A process id no process has: one that has just ended. */
const endedPid = () => spawnSync(process.execPath, ["-e", ""]).pid;

test("a build that fails leaves the live folders as they were, removes its copies and names the live folder", async () => {
  const build = staged(live, async (into) => {
    await writeWhole(join(into.outDir, "index.html"), "half a build");
    await writeWhole(join(into.hostsDir, "server.conf"), "half a server");
    throw new Error(`${into.outDir}/index.html: a link to /servces`);
  });
  await expect(build).rejects.toThrow(`${live.outDir}/index.html: a link to /servces`);
  expect([read(live.outDir, "index.html"), read(live.hostsDir, "server.conf")]).toEqual(["last good home", "last good server"]);
  expect(readdirSync(root).sort()).toEqual(["dist", "dist-hosts"]);
});

test("a build that ends well takes the live folders' places; a file it left alone keeps its version", async () => {
  const study = join(live.outDir, "case-studies/eqos-initiative.html");
  const version = fileVersion(study);
  await staged(live, async (into) => {
    expect(fileVersion(join(into.outDir, "case-studies/eqos-initiative.html"))).toBe(version);
    await writeWhole(join(into.outDir, "index.html"), "new home");
    expect(read(live.outDir, "index.html")).toBe("last good home");
  });
  expect(read(live.outDir, "index.html")).toBe("new home");
  expect(fileVersion(study)).toBe(version);
  expect(readdirSync(root).sort()).toEqual(["dist", "dist-hosts"]);
});

test("a swap stopped halfway is finished by the next build, and a stopped build's copy is removed", async () => {
  const swapping = endedPid();
  const stopped = endedPid();
  // Stopped between the swap's two renames: the site moved aside, its verified copy not yet in its place.
  mkdirSync(join(root, `dist.building-${swapping}`));
  writeFileSync(join(root, `dist.building-${swapping}/index.html`), "verified home");
  rmSync(join(root, "dist"), { recursive: true });
  mkdirSync(join(root, `dist.replaced-${swapping}`));
  mkdirSync(join(root, `dist-hosts.building-${stopped}`));
  await staged(live, async (into) => {
    expect(read(into.outDir, "index.html")).toBe("verified home");
    expect(existsSync(join(into.hostsDir, "server.conf"))).toBe(true);
  });
  expect(read(live.outDir, "index.html")).toBe("verified home");
  expect(readdirSync(root).sort()).toEqual(["dist", "dist-hosts"]);
});

test("a site moved aside by a swap that then failed is put back", async () => {
  const failed = endedPid();
  const { outDir } = live;
  rmSync(outDir, { recursive: true });
  const aside = join(root, `dist.replaced-${failed}`);
  mkdirSync(aside);
  writeFileSync(join(aside, "index.html"), "last good home");
  await expect(staged(live, async () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
  expect(read(outDir, "index.html")).toBe("last good home");
  expect(readdirSync(root).sort()).toEqual(["dist", "dist-hosts"]);
});
