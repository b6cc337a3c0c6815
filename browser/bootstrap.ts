// The inline bootstrap every page carries in its <head>, so it listens from first paint even on a
// slow network. It holds the visitor's first interaction with an island that has not hydrated yet,
// fetches the island runtime, and hands the event over to it (hydrate.ts replays it once the island
// has hydrated). After the load event it fetches the runtime when the browser is idle, so a tap
// rarely waits. The build minifies this file and puts its hash in the CSP.

/** An event in a not-yet-hydrated island: the island, the event, and whether to replay it. */
type HeldEvent = [island: HTMLElement, event: Event, replay: boolean];

/** Replaced by the build with the address of the island runtime's entry module. */
declare const ISLAND_ENTRY: string;

const root = document.documentElement;
const held: HeldEvent[] = [];
(window as unknown as { heldIslandEvents: HeldEvent[] }).heldIslandEvents = held;

let runtime: Promise<unknown> | undefined;
// Without the runtime the page falls back to how it works with JavaScript off.
const loadRuntime = () => (runtime ??= import(ISLAND_ENTRY).catch(() => root.classList.remove("js")));

/**
 * Controls whose default must wait for the island: buttons, and links marked data-replay (a link
 * that opens a dialog or a tab rather than a page). Other links go where they point at once.
 */
const ACTS = "button,a[data-replay]";

function onEvent(event: Event): void {
  const target = event.target as Element;
  const island = target.closest?.<HTMLElement>("[data-island]:not([data-hydrated])");
  if (!island) return;
  const control = target.closest<HTMLElement>(ACTS);
  // Held: its default is cancelled now (no PDF, no page reload, no new tab) and it is replayed later.
  const hold = event.type === "submit" || (control && (event.type === "click" || (event.type === "auxclick" && (event as MouseEvent).button === 1)));
  if (hold) {
    event.preventDefault();
    // Pressed until the island answers; CSS adds a spinner when that takes longer than a moment.
    control?.setAttribute("data-pending", "");
  }
  held.push([island, event, Boolean(hold) || event.type === "keydown"]);
  loadRuntime();
}

for (const type of ["click", "auxclick", "submit", "keydown", "pointerdown", "focusin", "input"]) {
  document.addEventListener(type, onEvent, true);
}

// Not before the frame after the load event has painted: the page's largest image usually lands in
// it, and running the runtime first delayed that paint (LCP on / 910-1215 ms in Lighthouse's mobile
// preset, 906-916 ms after this change).
addEventListener("load", () => requestAnimationFrame(() => setTimeout(() => (window.requestIdleCallback || setTimeout)(loadRuntime))), { once: true });
