// The Astro peer (../shared/peers/astro-site, described in ../shared/peers/README.md) in a throwaway
// copy, for `npm run bench`: installed once, grown by entries of its one template or by its Markdown
// collection, built, and served by its own dev server. The shared folder itself is only read.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type ProcessGroup, startGroup } from "../support/processes.ts";

/** Where the peer is kept (ASTRO_PEER overrides it). */
const PEER_SOURCE = process.env.ASTRO_PEER ?? resolve("../shared/peers/astro-site");
/** Astro's own command-line entry, run by node directly (as npx astro does, without npx's process). */
export const ASTRO_CLI = "node_modules/astro/astro.js";
/** Astro's telemetry off, and its output without colour codes, so it can be read. */
export const ASTRO_ENV = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", NO_COLOR: "1" };
/**
 * What an Astro build leaves behind for the next one: the generated types and content modules (.astro),
 * its cache directory (config `cacheDir`, node_modules/.astro: the content layer's data store and the
 * asset cache), Vite's optimised dependencies (node_modules/.vite), and the output (dist).
 */
const ASTRO_CACHES = [".astro", "node_modules/.astro", "node_modules/.vite", "dist"];

/** What gen-notes.mjs adds to the peer: the collection's config, its page, and the notes. */
const NOTES_MADE = ["src/content.config.ts", "src/pages/notes", "content/notes"];

/** One entry of the peer's list (content/pages.json), which makes one page of its template. */
export interface PeerEntry {
  slug: string;
  title: string;
  h1: string;
}

export interface AstroPeer {
  dir: string;
  /** Rewrites content/pages.json: the peer's own entries, then these. */
  writeEntries: (extra: PeerEntry[]) => void;
  /** Removes everything in ASTRO_CACHES: the next build starts from the sources alone. */
  removeCaches: () => void;
  /** Turns its Markdown collection on with `count` notes (`node gen-notes.mjs count`, as its README says). */
  writeNotes: (count: number) => void;
  /** Turns the Markdown collection off again: the peer's real shape, which pays nothing for it. */
  removeNotes: () => void;
  remove: () => void;
}

/** A copy of the peer with its dependencies installed (`npm install`, as its README says; takes a while). */
export function installAstroPeer(): AstroPeer {
  if (!existsSync(join(PEER_SOURCE, "package.json"))) throw new Error(`No Astro peer at ${PEER_SOURCE} (set ASTRO_PEER to its folder).`);
  const dir = mkdtempSync(join(tmpdir(), "astro-peer-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(PEER_SOURCE, dir, { recursive: true, filter: (source) => !source.includes("/node_modules") });
    execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    remove();
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`npm install failed in the Astro peer's copy: ${(error as Error).message}\n${output}`);
  }
  const pagesFile = join(dir, "content/pages.json");
  const own = JSON.parse(readFileSync(pagesFile, "utf8")) as PeerEntry[];
  return {
    dir,
    writeEntries: (extra) => writeFileSync(pagesFile, JSON.stringify([...own, ...extra], null, 1)),
    removeCaches: () => {
      for (const cache of ASTRO_CACHES) rmSync(join(dir, cache), { recursive: true, force: true });
    },
    writeNotes: (count) => {
      execFileSync(process.execPath, ["gen-notes.mjs", String(count)], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    },
    removeNotes: () => {
      for (const made of NOTES_MADE) rmSync(join(dir, made), { recursive: true, force: true });
    },
    remove,
  };
}

/** `astro dev` in the peer's copy, once it prints its address: Astro's port (4321) or, while that one is
 * taken, the next free one (Vite's listen steps up on EADDRINUSE and prints the port it got). */
export async function startAstroDev(dir: string): Promise<ProcessGroup & { origin: string }> {
  const args = [ASTRO_CLI, "dev", "--host", "127.0.0.1"];
  const address = /Local\s+(http:\/\/127\.0\.0\.1:\d+)/;
  const server = await startGroup("astro dev", args, dir, ASTRO_ENV, address, 60_000);
  return { ...server, origin: address.exec(server.output())?.[1] as string };
}
