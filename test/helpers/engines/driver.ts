// What a journey needs from a browser, so each journey is written once and run in every engine.
// Clicks and keys are real input events (the engine's own pointer and keyboard), never el.click().

/** The keys the journeys press, by their KeyboardEvent.key names. */
export type Key = "Enter" | "Escape" | "Tab" | "ArrowLeft" | "ArrowRight" | "Home" | "End";

export interface Point {
  x: number;
  y: number;
}

export interface Driver {
  /** Opens a path of the journeys' server and waits for the load event. */
  goto(path: string): Promise<void>;
  /** Presses and releases the mouse on the element: at its centre, or at `at` from its top-left corner. */
  click(selector: string, at?: Point): Promise<void>;
  press(key: Key): Promise<void>;
  /** Focuses the field and types into it, key by key. */
  type(selector: string, text: string): Promise<void>;
  /** The value of a JavaScript expression in the page (JSON-serialisable). */
  evaluate<T>(expression: string): Promise<T>;
  /** Waits until the expression is truthy in the page; fails naming `what` after a few seconds, or after
   * `limitMs` (a page loading after a link: see PAGE_LOAD_MS). */
  waitFor(expression: string, what: string, limitMs?: number): Promise<void>;
  /** The layout viewport, in CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /** Ends the visit (a fresh one gets empty cookies and storage). */
  close(): Promise<void>;
}

export interface Engine {
  name: "Chromium" | "Firefox" | "WebKit";
  /**
   * A fresh visit to `origin`: no cookies or storage, a 1280 × 900 viewport, and a system that
   * prefers light colours (each engine pins it, so the theme journey knows where it starts).
   */
  visit(origin: string): Promise<Driver>;
  quit(): Promise<void>;
}

/** How long a journey waits for a page to show what it expects. */
export const WAIT_MS = 5000;
/** How long a journey waits for the page a link leads to, its load event being the signal: under a load
 * average above 10, WebKit's page load after a link took more than WAIT_MS (three full npm test runs failed
 * so), where `goto` (WebDriver's own navigation) waits for the load event without a limit of ours. */
export const PAGE_LOAD_MS = 60_000;
export const DEFAULT_VIEWPORT = { width: 1280, height: 900 };

/**
 * Waits until `expression` is truthy in the page, checking it there every 10 ms. The check is sent
 * whole as a script: the site's CSP forbids eval, so a predicate cannot be compiled in the page.
 * A navigation drops the page's check; it is then asked again of the new page.
 */
export async function waitInPage(evaluate: (expression: string) => Promise<unknown>, expression: string, failure: string, limitMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  let lastError = "";
  while (Date.now() < deadline) {
    const check = `new Promise((done) => {
      const until = Date.now() + ${deadline - Date.now()};
      const check = () => {
        let met = false;
        try { met = Boolean(${expression}); } catch {}
        if (met || Date.now() > until) done(met);
        else setTimeout(check, 10);
      };
      check();
    })`;
    // The last attempt's failure, as it was: an error, or the expression still false.
    const met = await evaluate(check).then(
      (value) => {
        lastError = "";
        return value;
      },
      (error: Error) => {
        lastError = ` (last: ${error.message})`;
        return false;
      },
    );
    if (met) return;
  }
  throw new Error(`${failure} did not happen within ${limitMs} ms${lastError}`);
}
