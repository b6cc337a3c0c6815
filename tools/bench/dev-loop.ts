// The dev loop's figures: our dev server and astro dev side by side, each kind of save timed on both, then
// the Markdown save, the schema error, the island. Each block starts once both sides' processes are idle,
// so one side's background work (ours verifies and type-checks after a save) never lands in the other's figures.
import { readlinkSync } from "node:fs";
import { launchBrowser } from "../support/browser.ts";
import { startDevServer } from "../support/dev-server.ts";
import { processIds, statFields } from "../support/processes.ts";
import { copyProject } from "../support/project-copy.ts";
import { type AstroPeer, startAstroDev } from "./astro-peer.ts";
import { DEV_COMPARISONS, type DevComparison, ISLAND_EDIT, MARKDOWN_SAVE, OVERLAY_CLEARED, SCHEMA_ERROR } from "./dev-saves.ts";
import type { Shown } from "./page-probe.ts";
import { compare, heading, row, spread, verdicts } from "./report.ts";
import { howShown, SAVE_GAP_MS, SAVES, type Side, shownMs, sideOf, timeSaves } from "./saves.ts";

/** The peer's notes while its dev server times the Markdown save: fewer than the builds' so that the
 * server, which loads its whole collection as it starts, starts sooner. Ours saves one of its six case studies. */
const DEV_NOTES = 100;

/** CPU time so far (clock ticks) of every process working in this folder. */
function cpuTicksIn(dir: string): number {
  let ticks = 0;
  for (const pid of processIds()) {
    try {
      if (!readlinkSync(`/proc/${pid}/cwd`).startsWith(dir)) continue;
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15
    } catch {
      // It exited while it was read.
    }
  }
  return ticks;
}

/** Waits until the processes working in these folders have been idle (under a tenth of a core) for half a second. */
async function settle(dirs: string[], limitMs = 30_000): Promise<void> {
  const started = Date.now();
  const ticks = () => dirs.reduce((sum, dir) => sum + cpuTicksIn(dir), 0);
  for (;;) {
    const before = ticks();
    await new Promise((done) => setTimeout(done, 500));
    if (ticks() - before < 5 || Date.now() - started > limitMs) return;
  }
}

/** A limit not met for each kind of our saves that the page did not always show. */
function countLost(label: string, saves: Shown[]): void {
  const lost = saves.filter((save) => save.ms === null).length;
  if (lost) verdicts.push({ met: false, label: `dev loop, ${label}: ${lost} of ${saves.length} of our saves never shown` });
}

/** One kind of save timed on both sides, each side's saves once both are idle (`quiet`); `astroNote` says
 * what the peer was started with. Returns our saves. */
async function compareSaves(kind: DevComparison, ours: Side, theirs: Side, quiet: () => Promise<void>, astroNote?: string): Promise<Shown[]> {
  await quiet();
  const our = await timeSaves(ours, kind.ours);
  await quiet();
  const their = await timeSaves(theirs, kind.astro);
  compare(kind.label, shownMs(our), shownMs(their), "ms", 0, kind.limit, `dev loop, ${kind.label}${astroNote ? ` (Astro: ${astroNote})` : ""}`);
  countLost(kind.label, our);
  row("", `  ${howShown(our)}`, `  ${howShown(their)}${astroNote ? `, ${astroNote}` : ""}`, "");
  return our;
}

export async function benchDevLoop(peer: AstroPeer): Promise<void> {
  console.log(
    `\nDev loop: from a save to the open page showing it (${SAVES} saves of each kind ${SAVE_GAP_MS} ms apart, in place and by rename alternately; our dev server, then astro dev)`,
  );
  peer.writeEntries([]);
  const project = copyProject();
  const [dev, firstAstro, browser] = await Promise.all([startDevServer(project.dir), startAstroDev(peer.dir), launchBrowser()]);
  let astro = firstAstro;
  try {
    const ours = sideOf(dev.origin, project.dir, await browser.newPage());
    const theirs = sideOf(astro.origin, peer.dir, await browser.newPage());
    const quiet = () => settle([project.dir, peer.dir]);
    heading();
    for (const kind of DEV_COMPARISONS) await compareSaves(kind, ours, theirs, quiet);
    // A Markdown entry's save against the peer's dev server restarted with its notes collection on (the
    // kinds above are timed against its real shape, which has none); then the same file broken.
    await astro.stop();
    await theirs.page.close();
    peer.writeNotes(DEV_NOTES);
    astro = await startAstroDev(peer.dir);
    const notes = sideOf(astro.origin, peer.dir, await browser.newPage());
    const good = await compareSaves(MARKDOWN_SAVE, ours, notes, quiet, `${DEV_NOTES} notes`);
    await quiet();
    const broken = await timeSaves(ours, SCHEMA_ERROR, SAVES, OVERLAY_CLEARED);
    // Ours against ours: the second column is our good save of the same file, just above.
    compare(
      "schema error on screen / good save",
      shownMs(broken),
      shownMs(good),
      "ms",
      0,
      1.0,
      "dev loop, a schema error on screen against a good save of the same file (ours both)",
    );
    row("", `  ${howShown(broken)}`, "  ours, the good save above", "");
    countLost("schema error", broken);

    await quiet();
    await ours.page.setViewportSize({ width: 375, height: 800 });
    const island = await timeSaves(ours, ISLAND_EDIT, 5);
    row("island edit (ours only)", spread(shownMs(island), 0, "ms"), "", "");
    row("", `  ${howShown(island)}`, "", "");
  } finally {
    await browser.close();
    await Promise.all([dev.stop(), astro.stop()]);
    peer.removeNotes();
    project.remove();
  }
}
