// The dev loop's figures: each kind of save (dev-saves.ts) timed on our dev server and astro dev until the open page
// shows it, each block once both sides are idle, so one side's background work never lands in the other's figures.
import { readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { saveByRename, saveInPlace, startDevServer } from "../support/dev-server.ts";
import { processIds, statFields } from "../support/processes.ts";
import { copyProject } from "../support/project-copy.ts";
import { type AstroPeer, startAstroDev } from "./astro-peer.ts";
import { DEV_COMPARISONS, type DevComparison, type Edit, ISLAND_EDIT, MARKDOWN_SAVE, OVERLAY_CLEARED, type Probe, SCHEMA_ERROR } from "./dev-saves.ts";
import { compare, heading, row, spread, verdicts } from "./report.ts";

const SAVES = 10;
const SAVE_GAP_MS = 400; // as an editor's autosave spaces them
const SHOWN_WITHIN_MS = 10_000; // else never shown (Astro's dev server loses some: see howShown)
const DEV_NOTES = 100; // the peer's, fewer than the builds', as its dev server loads them all to start

/** `ms`: null when never shown; `reloadedAfter`: the page reloaded after the save had shown (Astro's does after a style save). */
type Shown = { ms: number | null; byReload: boolean; reloadedAfter?: boolean };

/** In the page: `window.benchShown`, the time the probe first holds, checked at each DOM mutation, constructed stylesheet
 * change (our dev client's) and frame. A string: tsx would wrap a named inner function in a helper the page lacks. */
const armProbe = (probe: Probe, reloaded: boolean) => `if (!window.benchStyles) {
  window.benchStyles = new EventTarget();
  const changed = () => queueMicrotask(() => window.benchStyles.dispatchEvent(new Event("change")));
  const adopted = Object.getOwnPropertyDescriptor(Document.prototype, "adoptedStyleSheets");
  Object.defineProperty(document, "adoptedStyleSheets", { configurable: true, get() { return adopted.get.call(this); }, set(sheets) { adopted.set.call(this, sheets); changed(); } });
  const replaceSync = CSSStyleSheet.prototype.replaceSync;
  CSSStyleSheet.prototype.replaceSync = function (text) { replaceSync.call(this, text); changed(); };
}
window.benchShown = new Promise((done) => {
  const holds = () => { try { return ${probe}; } catch { return false; } };
  if (holds()) return done(${reloaded ? `performance.timeOrigin + performance.getEntriesByType("navigation")[0].domContentLoadedEventStart` : "Date.now()"});
  let found = false;
  const stop = window.benchStop = () => {
    found = true;
    observer.disconnect();
    window.benchStyles.removeEventListener("change", check);
  };
  const check = () => { if (!found && holds()) { stop(); done(Date.now()); } };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  window.benchStyles.addEventListener("change", check);
  const frame = () => { check(); if (!found) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
}); undefined`;

async function untilShown(page: Page, save: () => void, probe: Probe): Promise<Shown> {
  // Asked again once loaded when the page reloads meanwhile (astro dev reloads after a file is put back).
  for (;;) {
    try {
      if (!(await page.evaluate<boolean>(`(() => { try { return ${probe}; } catch { return false; } })()`))) break;
      throw new Error(`the page shows the save before it is made (${probe}): each save must show something new`);
    } catch (error) {
      if (!/Execution context was destroyed/.test((error as Error).message)) throw error;
      await page.waitForLoadState("load");
    }
  }
  let savedAt = 0;
  let finish: (shown: Shown) => void = () => {};
  // A document navigated away from fails to answer: the reloaded one reports instead.
  const noAnswer = () => {};
  const report = (byReload: boolean) => page.evaluate<number>("window.benchShown").then((at) => finish({ ms: at - savedAt, byReload }), noAnswer);
  const onReload = () => page.evaluate(armProbe(probe, true)).then(() => report(true), noAnswer);
  const shown = new Promise<Shown>((resolve) => {
    const timer = setTimeout(() => {
      finish({ ms: null, byReload: false });
      page.evaluate("window.benchStop?.()").catch(noAnswer);
    }, SHOWN_WITHIN_MS);
    finish = (result) => {
      finish = () => {};
      clearTimeout(timer);
      page.off("domcontentloaded", onReload);
      resolve(result);
    };
  });
  page.on("domcontentloaded", onReload);
  await page.evaluate(armProbe(probe, false));
  report(false);
  savedAt = Date.now();
  save();
  return shown;
}

type Side = ReturnType<typeof sideOf>;
function sideOf(origin: string, dir: string, page: Page) {
  const side = { origin, dir, page, navigations: 0, lastNavigationAt: 0 };
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    side.navigations++;
    side.lastNavigationAt = Date.now();
  });
  return side;
}

async function gap(side: Side): Promise<void> {
  const shownAt = Date.now();
  for (let wait = SAVE_GAP_MS; wait > 0; wait = Math.max(shownAt, side.lastNavigationAt) + SAVE_GAP_MS - Date.now()) await side.page.waitForTimeout(wait);
  await side.page.waitForLoadState("load");
}

/** Saves in place and by rename alternately; given `restored`, each followed by the file as it was, untimed, until the
 * page shows `restored` (a broken save's overlay gone). */
async function timeSaves(side: Side, edit: Edit, count = SAVES, restored?: Probe): Promise<Shown[]> {
  const url = `${side.origin}${edit.route}`;
  if (side.page.url() !== url) {
    await side.page.goto(url);
    await side.page.waitForTimeout(1500); // the page's own start-up: hydration, Vite's dependency scan
  }
  const original = readFileSync(join(side.dir, edit.file), "utf8");
  const shown: Shown[] = [];
  for (let i = 1; i <= count; i++) {
    const save = i % 2 ? saveInPlace : saveByRename;
    const navigations = side.navigations;
    const result = await untilShown(side.page, () => save(side.dir, edit.file, edit.text(original, i)), edit.probe(i));
    await gap(side);
    shown.push({ ...result, reloadedAfter: side.navigations - navigations - (result.byReload ? 1 : 0) > 0 });
    if (restored === undefined) continue;
    // A save never shown may leave the page showing `restored` already: then the restore is only saved.
    const back = result.ms === null ? undefined : await untilShown(side.page, () => save(side.dir, edit.file, original), restored);
    if (!back) saveInPlace(side.dir, edit.file, original);
    else if (back.ms === null) throw new Error(`${edit.file} was saved as it was, and the page never showed it (${restored})`);
    await gap(side);
  }
  saveInPlace(side.dir, edit.file, original); // as it was, for the next kind that edits it
  return shown;
}

const shownMs = (shown: Shown[]) => shown.flatMap((save) => (save.ms === null ? [] : [save.ms]));

/** Astro's dev server now and then loses a style save written in place: the page reloads, as after every style save,
 * and its stylesheet stays empty until the next save. */
function howShown(shown: Shown[]): string {
  const count = (test: (save: Shown) => boolean | undefined) => shown.filter(test).length;
  const of = (n: number) => (n === shown.length ? "" : ` (${n} of ${shown.length})`);
  const [lost, byReload, after] = [count((save) => save.ms === null), count((save) => save.byReload), count((save) => save.reloadedAfter)];
  const way = byReload === 0 ? "patched in place" : `reloaded${of(byReload)}`;
  const then = after === 0 ? way : `${way}, then reloaded${of(after)}`;
  return lost === 0 ? then : `${then}; ${lost} of ${shown.length} NEVER SHOWN (${SHOWN_WITHIN_MS / 1000} s)`;
}

function printHow(label: string, ours: Shown[], theirs: string): void {
  row("", `  ${howShown(ours)}`, theirs, "");
  const lost = ours.filter((save) => save.ms === null).length;
  if (lost) verdicts.push({ met: false, label: `dev loop, ${label}: ${lost} of ${ours.length} of our saves never shown` });
}

/** Until the processes in these folders have used under a tenth of a core for half a second. */
async function settle(dirs: string[], limitMs = 30_000): Promise<void> {
  const ticks = () => {
    let sum = 0;
    for (const pid of processIds()) {
      try {
        if (!dirs.some((dir) => readlinkSync(`/proc/${pid}/cwd`).startsWith(dir))) continue;
        const [utime, stime] = statFields(pid).slice(11, 13);
        sum += Number(utime) + Number(stime);
      } catch {
        // it exited while it was read
      }
    }
    return sum;
  };
  for (const started = Date.now(); ; ) {
    const before = ticks();
    await new Promise((done) => setTimeout(done, 500));
    if (ticks() - before < 5 || Date.now() - started > limitMs) return;
  }
}

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
