// A side of the dev loop (a dev server and a page open on it) and its timed saves: a kind of save made
// again and again, an editor's autosave apart, and how the saves reached the page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { saveByRename, saveInPlace } from "../support/dev-server.ts";
import type { Edit, Probe } from "./dev-saves.ts";
import { SHOWN_WITHIN_MS, type Shown, untilShown } from "./page-probe.ts";

export const SAVES = 10;
/** Saves are spaced as an editor's autosave spaces them. */
export const SAVE_GAP_MS = 400;

/** A side of the dev loop: a server's origin, the folder it serves from, a page open on it, and that page's navigations. */
export interface Side {
  origin: string;
  dir: string;
  page: Page;
  navigations: number;
  lastNavigationAt: number;
}

export function sideOf(origin: string, dir: string, page: Page): Side {
  const side = { origin, dir, page, navigations: 0, lastNavigationAt: 0 };
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    side.navigations++;
    side.lastNavigationAt = Date.now();
  });
  return side;
}

/** Opens the route unless it is open, and lets the page finish its own start-up (hydration, Vite's dependency scan). */
async function open(side: Side, route: string): Promise<void> {
  const url = `${side.origin}${route}`;
  if (side.page.url() === url) return;
  await side.page.goto(url);
  await side.page.waitForTimeout(1500);
}

/** The gap between saves: SAVE_GAP_MS after the save showed, and after any reload that followed it, once loaded. */
async function gap(side: Side, shownAt: number): Promise<void> {
  for (;;) {
    const wait = Math.max(shownAt, side.lastNavigationAt) + SAVE_GAP_MS - Date.now();
    if (wait <= 0) return side.page.waitForLoadState("load");
    await side.page.waitForTimeout(wait);
  }
}

/** `count` saves of one kind, SAVE_GAP_MS apart, in place and by rename alternately. Given `restored`,
 * each save is followed by the file as it was, untimed, until the page shows `restored` (a broken save's
 * overlay gone), so that every save is made to the good file. */
export async function timeSaves(side: Side, edit: Edit, count = SAVES, restored?: Probe): Promise<Shown[]> {
  await open(side, edit.route);
  const original = readFileSync(join(side.dir, edit.file), "utf8");
  const shown: Shown[] = [];
  for (let i = 1; i <= count; i++) {
    const save = i % 2 ? saveInPlace : saveByRename;
    const navigations = side.navigations;
    const result = await untilShown(side.page, () => save(side.dir, edit.file, edit.text(original, i)), edit.probe(i));
    await gap(side, Date.now());
    const reloads = side.navigations - navigations - (result.byReload ? 1 : 0);
    shown.push({ ...result, reloadedAfter: reloads > 0 });
    if (restored === undefined) continue;
    // A save never shown may leave the page showing `restored` already: then the restore is only saved.
    const back = result.ms === null ? undefined : await untilShown(side.page, () => save(side.dir, edit.file, original), restored);
    if (!back) saveInPlace(side.dir, edit.file, original);
    else if (back.ms === null) throw new Error(`${edit.file} was saved as it was, and the page never showed it (${restored})`);
    await gap(side, Date.now());
  }
  // The file as it was, for the next kind that edits it (the next block waits until that update is done).
  saveInPlace(side.dir, edit.file, original);
  return shown;
}

/** The times of the saves that showed (the figures are theirs; howShown counts the others). */
export const shownMs = (shown: Shown[]) => shown.flatMap((save) => (save.ms === null ? [] : [save.ms]));

/**
 * How the saves reached the page: patched in place or by a reload, whether a reload followed anyway, and
 * how many never showed. Astro's dev server loses a style save now and then (seen only for saves written
 * in place): its hot update arrives, the page reloads as it does after every style save, and the reloaded
 * page's stylesheet was empty (the file read while truncated, it seems) until the next save.
 */
export function howShown(shown: Shown[]): string {
  const count = (test: (save: Shown) => boolean) => shown.filter(test).length;
  const of = (n: number) => (n === shown.length ? "" : ` (${n} of ${shown.length})`);
  const lost = count((save) => save.ms === null);
  const byReload = count((save) => save.byReload);
  const after = count((save) => save.reloadedAfter);
  const way = byReload === 0 ? "patched in place" : `reloaded${of(byReload)}`;
  const then = after === 0 ? way : `${way}, then reloaded${of(after)}`;
  return lost === 0 ? then : `${then}; ${lost} of ${shown.length} NEVER SHOWN (${SHOWN_WITHIN_MS / 1000} s)`;
}
