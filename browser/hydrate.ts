// The browser side of islands: hydrate each marker the server wrote when its strategy says, and at
// once any island the visitor touched first: the inline bootstrap held that event, and it is
// replayed here, exactly once, after the island has hydrated.
import { type FunctionComponent, h, hydrate } from "preact";

type Component = FunctionComponent<Record<string, unknown>>;
/** Islands on every page are bundled in; the others are fetched only when they are needed. */
type Entry = Component | { load: () => Promise<{ default: unknown }> };
/** What the inline bootstrap (bootstrap.ts) queues: the island, the event, and whether to replay it. */
type HeldEvent = [island: HTMLElement, event: Event, replay: boolean];

const afterIdle = (run: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));

/**
 * An island's code did not arrive: fall back to the page as it is without JavaScript (inline menu
 * links, PDF links, every bio panel), rather than a button that does nothing.
 */
const withoutJavaScript = () => document.documentElement.classList.remove("js");

/** A fresh copy of an event, with the same target, keys, button and submitter. */
function replay(event: Event): void {
  const Copy = event.constructor as typeof Event;
  event.target?.dispatchEvent(new Copy(event.type, event as EventInit));
}

export function hydrateIslands(registry: Record<string, Entry>): void {
  const started = new WeakMap<HTMLElement, Promise<boolean>>();

  /** Hydrates the island once, however many times it is asked; false when its code did not arrive. */
  const hydrateIsland = (element: HTMLElement): Promise<boolean> => {
    let done = started.get(element);
    if (!done) {
      const entry = registry[element.dataset.island as string];
      done = entry
        ? ("load" in entry ? entry.load() : Promise.resolve({ default: entry })).then(
            ({ default: component }) => {
              hydrate(h(component as Component, JSON.parse(element.dataset.props as string)), element);
              element.dataset.hydrated = "true";
              return true;
            },
            () => {
              withoutJavaScript();
              return false;
            },
          )
        : Promise.resolve(false);
      started.set(element, done);
    }
    return done;
  };

  const wake = ([island, event, replayIt]: HeldEvent) =>
    hydrateIsland(island).then((hydrated) => {
      const control = (event.target as Element).closest("[data-pending]");
      control?.removeAttribute("data-pending");
      if (!replayIt) return;
      if (hydrated) replay(event);
      // Never lose the tap: without the island, a held link does what it does with JavaScript off.
      else if (control instanceof HTMLAnchorElement && event.type === "click") location.assign(control.href);
    });

  const held = (window as unknown as { heldIslandEvents?: HeldEvent[] }).heldIslandEvents ?? [];
  for (const item of held.splice(0)) wake(item);
  // From now on the bootstrap's pushes are handled as they arrive.
  held.push = (...items: HeldEvent[]) => {
    for (const item of items) wake(item);
    return 0;
  };

  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const entry = registry[element.dataset.island as string];
    // Fetched (not run) while the browser is idle, so the first tap rarely waits for the network;
    // the browser fetches a module once, however many islands ask for it.
    if (element.dataset.when === "interaction") afterIdle(() => entry && "load" in entry && entry.load().catch(withoutJavaScript));
    else if (element.dataset.when === "idle") afterIdle(() => hydrateIsland(element));
    else hydrateIsland(element);
  }
}
