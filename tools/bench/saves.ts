// A side of the dev loop (a dev server and a page open on it) and its timed saves: from the save to the
// time the open page first shows it (a probe checked at each DOM mutation, stylesheet change and frame),
// whether patched in place or in a reloaded document.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { saveByRename, saveInPlace } from "../support/dev-server.ts";
import type { Edit, Probe } from "./dev-saves.ts";

export const SAVES = 10;
/** Saves are spaced as an editor's autosave spaces them. */
export const SAVE_GAP_MS = 400;
/** A save not shown by then counts as never shown (Astro's dev server loses some: see howShown). */
const SHOWN_WITHIN_MS = 10_000;

/** `ms`: null when never shown; `byReload`: shown in a reloaded page, not patched into the open one; `reloadedAfter`:
 * the page reloaded after the save had shown (Astro does after a style save). */
export type Shown = { ms: number | null; byReload: boolean; reloadedAfter?: boolean };

/** In the page, once: `window.benchStyles` fires "change" after a constructed stylesheet is adopted or its
 * text replaced (in a microtask, as a MutationObserver's callback runs after a mutation). */
const STYLESHEET_CHANGES = `if (!window.benchStyles) {
  window.benchStyles = new EventTarget();
  const changed = () => queueMicrotask(() => window.benchStyles.dispatchEvent(new Event("change")));
  const adopted = Object.getOwnPropertyDescriptor(Document.prototype, "adoptedStyleSheets");
  Object.defineProperty(document, "adoptedStyleSheets", { configurable: true, get() { return adopted.get.call(this); }, set(sheets) { adopted.set.call(this, sheets); changed(); } });
  const replaceSync = CSSStyleSheet.prototype.replaceSync;
  CSSStyleSheet.prototype.replaceSync = function (text) { replaceSync.call(this, text); changed(); };
  const replace = CSSStyleSheet.prototype.replace;
  CSSStyleSheet.prototype.replace = function (text) { return replace.call(this, text).then((sheet) => { changed(); return sheet; }); };
}`;

/** In the page: `window.benchShown`, a promise of the time the probe first holds (at once if it holds now:
 * on a reloaded page, when its DOM was ready); `window.benchStop()` stops watching. A string, as tsx would
 * wrap a named inner function in a helper the page lacks. */
const armProbe = (probe: Probe, reloaded: boolean) => `${STYLESHEET_CHANGES}
window.benchShown = new Promise((done) => {
  const holds = () => { try { return ${probe}; } catch { return false; } };
  if (holds()) return done(${reloaded ? `performance.timeOrigin + performance.getEntriesByType("navigation")[0].domContentLoadedEventStart` : "Date.now()"});
  let found = false;
  const stop = window.benchStop = () => {
    found = true;
    observer.disconnect();
    window.benchStyles.removeEventListener("change", check);
  };
  const check = () => {
    if (found || !holds()) return;
    stop();
    done(Date.now());
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  window.benchStyles.addEventListener("change", check);
  const frame = () => { check(); if (!found) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
}); undefined`;

/** Milliseconds from the save until the open page shows it. */
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
  // A document navigated away from fails to report: the reloaded one reports instead.
  const report = (byReload: boolean) =>
    page.evaluate<number>("window.benchShown").then(
      (at) => finish({ ms: at - savedAt, byReload }),
      () => {},
    );
  const onReload = () =>
    page.evaluate(armProbe(probe, true)).then(
      () => report(true),
      () => {},
    );
  const shown = new Promise<Shown>((resolve) => {
    const timer = setTimeout(() => {
      finish({ ms: null, byReload: false });
      page.evaluate("window.benchStop?.()").catch(() => {});
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

/** A dev loop's side: a server's origin, the folder it serves from, a page open on it, and that page's navigations. */
export type Side = ReturnType<typeof sideOf>;
export function sideOf(origin: string, dir: string, page: Page) {
  const side = { origin, dir, page, navigations: 0, lastNavigationAt: 0 };
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    side.navigations++;
    side.lastNavigationAt = Date.now();
  });
  return side;
}

/** SAVE_GAP_MS after the save showed and after any reload that followed it, once loaded. */
async function gap(side: Side, shownAt: number): Promise<void> {
  for (;;) {
    const wait = Math.max(shownAt, side.lastNavigationAt) + SAVE_GAP_MS - Date.now();
    if (wait <= 0) return side.page.waitForLoadState("load");
    await side.page.waitForTimeout(wait);
  }
}

/** `count` saves of one kind, in place and by rename alternately. Given `restored`, each is followed by the file
 * as it was, untimed, until the page shows `restored` (a broken save's overlay gone), so each save is made to the good file. */
export async function timeSaves(side: Side, edit: Edit, count = SAVES, restored?: Probe): Promise<Shown[]> {
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
    await gap(side, Date.now());
    shown.push({ ...result, reloadedAfter: side.navigations - navigations - (result.byReload ? 1 : 0) > 0 });
    if (restored === undefined) continue;
    // A save never shown may leave the page showing `restored` already: then the restore is only saved.
    const back = result.ms === null ? undefined : await untilShown(side.page, () => save(side.dir, edit.file, original), restored);
    if (!back) saveInPlace(side.dir, edit.file, original);
    else if (back.ms === null) throw new Error(`${edit.file} was saved as it was, and the page never showed it (${restored})`);
    await gap(side, Date.now());
  }
  saveInPlace(side.dir, edit.file, original); // as it was, for the next kind that edits it
  return shown;
}

/** The times of the saves that showed (howShown counts the others). */
export const shownMs = (shown: Shown[]) => shown.flatMap((save) => (save.ms === null ? [] : [save.ms]));

/** How the saves reached the page: patched in place or by a reload, whether a reload followed anyway, and how
 * many never showed. Astro's dev server now and then loses a style save written in place: the page reloads, as
 * after every style save, and the reloaded page's stylesheet stays empty until the next save. */
export function howShown(shown: Shown[]): string {
  const count = (test: (save: Shown) => boolean | undefined) => shown.filter(test).length;
  const of = (n: number) => (n === shown.length ? "" : ` (${n} of ${shown.length})`);
  const [lost, byReload, after] = [count((save) => save.ms === null), count((save) => save.byReload), count((save) => save.reloadedAfter)];
  const way = byReload === 0 ? "patched in place" : `reloaded${of(byReload)}`;
  const then = after === 0 ? way : `${way}, then reloaded${of(after)}`;
  return lost === 0 ? then : `${then}; ${lost} of ${shown.length} NEVER SHOWN (${SHOWN_WITHIN_MS / 1000} s)`;
}
