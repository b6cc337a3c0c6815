// The Astro peer (../shared/peers/astro-site, or ASTRO_PEER) in a throwaway copy: installed once, grown by
// entries of its one template or by its Markdown collection, built, and served by astro dev.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startGroup } from "../support/processes.ts";

/** Run by node directly, as npx astro does, without npx's own process. */
export const ASTRO_CLI = "node_modules/astro/astro.js";
export const ASTRO_ENV = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", NO_COLOR: "1" };
/** What a build leaves for the next: generated types, the content layer's store and asset cache (cacheDir), Vite's dependencies, the output. */
const ASTRO_CACHES = [".astro", "node_modules/.astro", "node_modules/.vite", "dist"];
/** What gen-notes.mjs adds: the collection's config, its page, and the notes. */
const NOTES_MADE = ["src/content.config.ts", "src/pages/notes", "content/notes"];

export type PeerEntry = { slug: string; title: string; h1: string };
export type AstroPeer = ReturnType<typeof installAstroPeer>;

export function installAstroPeer() {
  const source = process.env.ASTRO_PEER ?? resolve("../shared/peers/astro-site");
  if (!existsSync(join(source, "package.json"))) throw new Error(`No Astro peer at ${source} (set ASTRO_PEER to its folder).`);
  const dir = mkdtempSync(join(tmpdir(), "astro-peer-"));
  const run = (command: string, args: string[]) => void execFileSync(command, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  const removeAll = (paths: string[]) => paths.forEach((path) => void rmSync(join(dir, path), { recursive: true, force: true }));
  const remove = () => removeAll(["."]);
  try {
    cpSync(source, dir, { recursive: true, filter: (path) => !path.includes("/node_modules") });
    run("npm", ["install", "--no-audit", "--no-fund"]);
  } catch (error) {
    remove();
    throw new Error(`npm install failed in the Astro peer's copy: ${(error as Error).message}\n${(error as { stderr?: Buffer }).stderr ?? ""}`);
  }
  const pagesFile = join(dir, "content/pages.json");
  const own = JSON.parse(readFileSync(pagesFile, "utf8")) as PeerEntry[];
  return {
    dir,
    remove,
    /** content/pages.json: the peer's own entries, then these. */
    writeEntries: (extra: PeerEntry[]) => writeFileSync(pagesFile, JSON.stringify([...own, ...extra], null, 1)),
    removeCaches: () => removeAll(ASTRO_CACHES),
    /** Its Markdown collection on with `count` notes (as its README says); removeNotes turns it off again. */
    writeNotes: (count: number) => run(process.execPath, ["gen-notes.mjs", String(count)]),
    removeNotes: () => removeAll(NOTES_MADE),
  };
}

/** `astro dev` once it prints its address: port 4321, or the next free one while that is taken (Vite steps up). */
export async function startAstroDev(dir: string) {
  const address = /Local\s+(http:\/\/127\.0\.0\.1:\d+)/;
  const server = await startGroup("astro dev", [ASTRO_CLI, "dev", "--host", "127.0.0.1"], dir, ASTRO_ENV, address, 60_000);
  return { ...server, origin: address.exec(server.output())?.[1] as string };
}
