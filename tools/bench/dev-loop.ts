// The dev loop's figures: our dev server and astro dev side by side, each kind of save timed on both, then the
// Markdown save, the schema error and the island. Each block starts once both sides' processes are idle, so
// one side's background work (ours verifies and type-checks after a save) never lands in the other's figures.
import { readlinkSync } from "node:fs";
import { launchBrowser } from "../support/browser.ts";
import { startDevServer } from "../support/dev-server.ts";
import { processIds, statFields } from "../support/processes.ts";
import { copyProject } from "../support/project-copy.ts";
import { type AstroPeer, startAstroDev } from "./astro-peer.ts";
import { DEV_COMPARISONS, type DevComparison, ISLAND_EDIT, MARKDOWN_SAVE, OVERLAY_CLEARED, SCHEMA_ERROR } from "./dev-saves.ts";
import { compare, heading, row, spread, verdicts } from "./report.ts";
import { howShown, SAVE_GAP_MS, SAVES, type Shown, type Side, shownMs, sideOf, timeSaves } from "./saves.ts";

/** The peer's notes for the Markdown save: fewer than the builds', as its dev server loads them all to start. */
const DEV_NOTES = 100;

/** CPU time so far (clock ticks: utime and stime) of every process working in these folders. */
function cpuTicksIn(dirs: string[]): number {
  let ticks = 0;
  for (const pid of processIds()) {
    try {
      if (!dirs.some((dir) => readlinkSync(`/proc/${pid}/cwd`).startsWith(dir))) continue;
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // it exited while it was read
    }
  }
  return ticks;
}

/** Until the processes working in these folders have been idle (under a tenth of a core) for half a second. */
async function settle(dirs: string[], limitMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const before = cpuTicksIn(dirs);
    await new Promise((done) => setTimeout(done, 500));
    if (cpuTicksIn(dirs) - before < 5 || Date.now() - started > limitMs) return;
  }
}

/** A row's second line: how the saves reached each page; and a limit not met when ours were not all shown. */
function printHow(label: string, ours: Shown[], theirs: string): void {
  row("", `  ${howShown(ours)}`, theirs, "");
  const lost = ours.filter((save) => save.ms === null).length;
  if (lost) verdicts.push({ met: false, label: `dev loop, ${label}: ${lost} of ${ours.length} of our saves never shown` });
}

/** One kind of save timed on both sides, each once both are idle; `astroNote` says what the peer was started with. */
async function compareSaves(kind: DevComparison, ours: Side, theirs: Side, quiet: () => Promise<void>, astroNote?: string): Promise<Shown[]> {
  await quiet();
  const our = await timeSaves(ours, kind.ours);
  await quiet();
  const their = await timeSaves(theirs, kind.astro);
  compare(kind.label, shownMs(our), shownMs(their), "ms", 0, kind.limit, `dev loop, ${kind.label}${astroNote ? ` (Astro: ${astroNote})` : ""}`);
  printHow(kind.label, our, `  ${howShown(their)}${astroNote ? `, ${astroNote}` : ""}`);
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
    // The Markdown save against the peer restarted with its notes on (the kinds above meet its real shape, which has none).
    await astro.stop();
    await theirs.page.close();
    peer.writeNotes(DEV_NOTES);
    astro = await startAstroDev(peer.dir);
    const notes = sideOf(astro.origin, peer.dir, await browser.newPage());
    const good = await compareSaves(MARKDOWN_SAVE, ours, notes, quiet, `${DEV_NOTES} notes`);
    await quiet();
    const broken = await timeSaves(ours, SCHEMA_ERROR, SAVES, OVERLAY_CLEARED);
    const what = "dev loop, a schema error on screen against a good save of the same file (ours both)";
    compare("schema error on screen / good save", shownMs(broken), shownMs(good), "ms", 0, 1.0, what);
    printHow("schema error", broken, "  ours, the good save above");

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
