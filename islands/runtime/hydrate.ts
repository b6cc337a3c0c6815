// The browser side of islands: find each marker the server wrote and hydrate it with Preact.
import { type FunctionComponent, h, hydrate } from "preact";

type Component = FunctionComponent<Record<string, unknown>>;
/** Islands that hydrate on load are bundled in; the others are fetched only when they are needed. */
type Entry = Component | { load: () => Promise<{ default: unknown }> };

function whenReady(element: Element, when: string | undefined, run: () => void): void {
  if (when === "idle") {
    if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  } else if (when === "visible") {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        run();
      },
      { rootMargin: "200px" },
    );
    // The marker is display: contents and has no box of its own: watch what the island rendered.
    observer.observe(element.firstElementChild ?? element);
  } else {
    run();
  }
}

export function hydrateIslands(registry: Record<string, Entry>): void {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const entry = registry[element.dataset.island ?? ""];
    if (!entry) continue;
    const props = JSON.parse(element.dataset.props || "{}") as Record<string, unknown>;
    whenReady(element, element.dataset.when, async () => {
      let component = entry as Component;
      if ("load" in entry) {
        try {
          component = (await entry.load()).default as Component;
        } catch {
          // The island's code did not arrive: fall back to the page as it is without JavaScript
          // (inline menu links, PDF links, every bio panel), rather than a button that does nothing.
          document.documentElement.classList.remove("js");
          return;
        }
      }
      hydrate(h(component, props), element);
      element.dataset.hydrated = "true";
    });
  }
}
