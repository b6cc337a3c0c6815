// The browser side of islands: find each marker the server wrote and hydrate it with Preact.
import { h, hydrate, type FunctionComponent } from "preact";

type Registry = Record<string, unknown>;

function whenReady(element: Element, when: string | undefined, run: () => void): void {
  if (when === "idle") {
    if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  } else if (when === "visible") {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    }, { rootMargin: "200px" });
    observer.observe(element);
  } else {
    run();
  }
}

export function hydrateIslands(registry: Registry): void {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const component = registry[element.dataset.island ?? ""] as FunctionComponent<Record<string, unknown>> | undefined;
    if (!component) continue;
    const props = JSON.parse(element.dataset.props || "{}") as Record<string, unknown>;
    whenReady(element, element.dataset.when, () => hydrate(h(component, props), element));
  }
}
