// In the open page: the time it first shows a save (a probe that holds, checked at each DOM mutation,
// stylesheet change and frame), whether patched in place or in a reloaded document.
import type { Page } from "playwright-core";
import type { Probe } from "./dev-saves.ts";

/** A save the page has not shown by then is counted as never shown (Astro's dev server loses some: see howShown, saves.ts). */
export const SHOWN_WITHIN_MS = 10_000;

/** In the page, once: `window.benchStyles` fires "change" after a constructed stylesheet is adopted or
 * its text replaced (in a microtask, as a MutationObserver's callback runs after a DOM mutation). */
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

/**
 * In the page: `window.benchShown`, a promise of the time the probe first holds: at once if it holds now
 * (on a reloaded page, the time its DOM was ready), else at the first change (DOM or stylesheet) or frame
 * where it does; `window.benchStop()` stops watching. A string, not a function: tsx would wrap a named
 * inner function in a helper the page lacks.
 */
const armProbe = (probe: Probe, reloaded: boolean) => `${STYLESHEET_CHANGES}
window.benchShown = new Promise((done) => {
  const holds = () => { try { return ${probe}; } catch { return false; } };
  if (holds()) return done(${reloaded ? `performance.timeOrigin + performance.getEntriesByType("navigation")[0].domContentLoadedEventStart` : "Date.now()"});
  let found = false;
  const stop = () => {
    found = true;
    observer.disconnect();
    window.benchStyles.removeEventListener("change", check);
  };
  window.benchStop = stop;
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

export interface Shown {
  /** Null when the page had not shown the save after SHOWN_WITHIN_MS. */
  ms: number | null;
  /** The save showed in a reloaded page (else it was patched into the open one). */
  byReload: boolean;
  /** The page reloaded after the save had shown, before the next save (Astro does so after a style save). */
  reloadedAfter: boolean;
}

/** Whether the probe holds before the save. A page that reloads meanwhile is asked again once loaded:
 * astro dev reloaded its page after the last block's file was put back, while the next block's first
 * save was being prepared, and the question failed with the document it was put to (2 of 5 runs). */
async function holdsBefore(page: Page, probe: Probe): Promise<boolean> {
  for (;;) {
    try {
      return await page.evaluate<boolean>(`(() => { try { return ${probe}; } catch { return false; } })()`);
    } catch (error) {
      if (!/Execution context was destroyed/.test((error as Error).message)) throw error;
      await page.waitForLoadState("load");
    }
  }
}

/** Milliseconds from the save until the open page shows it, whether patched in place or reloaded. */
export async function untilShown(page: Page, save: () => void, probe: Probe): Promise<Omit<Shown, "reloadedAfter">> {
  if (await holdsBefore(page, probe)) {
    throw new Error(`the page shows the save before it is made (${probe}): each save must show something new`);
  }
  let savedAt = 0;
  let settled = false;
  let report = (_byReload: boolean) => {};
  const shown = new Promise<Omit<Shown, "reloadedAfter">>((resolve) => {
    const finish = (result: Omit<Shown, "reloadedAfter">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      page.off("domcontentloaded", onReload);
      resolve(result);
    };
    report = (byReload) => {
      page.evaluate<number>("window.benchShown").then(
        (at) => finish({ ms: at - savedAt, byReload }),
        () => {
          // The page navigated: the reloaded document reports instead.
        },
      );
    };
    const onReload = () => {
      page.evaluate(armProbe(probe, true)).then(
        () => report(true),
        () => {
          // Reloaded again before it could be read.
        },
      );
    };
    const timer = setTimeout(() => {
      finish({ ms: null, byReload: false });
      page.evaluate("window.benchStop?.()").catch(() => {
        // The page is between documents: nothing is watching.
      });
    }, SHOWN_WITHIN_MS);
    page.on("domcontentloaded", onReload);
  });
  await page.evaluate(armProbe(probe, false));
  report(false);
  savedAt = Date.now();
  save();
  return shown;
}
