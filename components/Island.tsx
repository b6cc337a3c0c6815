// The server side of an island: renders the component inside a marker the browser runtime hydrates.
import type { ComponentType } from "react";

/**
 * When the browser hydrates an island: at the visitor's first interaction with it (the inline
 * bootstrap holds that event and it is replayed), or as soon as the runtime has arrived after the
 * load event, or when the browser is idle after that. (Hydrating when visible was dropped with the
 * move to interaction: nothing used it, and its bytes broke the later-JavaScript budget.)
 */
type HydrateWhen = "interaction" | "load" | "idle";

/** Islands used while rendering the current page (rendering is synchronous), by name. */
const used = new Set<string>();

/** Renders, and reports the names of the islands used, sorted. */
export function collectIslands<T>(render: () => T): { result: T; islands: string[] } {
  used.clear();
  const result = render();
  return { result, islands: [...used].sort() };
}

/** Props travel as JSON in the HTML, so anything JSON cannot carry stops the build here. A key that holds
 * `undefined` is absent, as JSON.stringify leaves it out (an array's `undefined`, which JSON makes null, is refused). */
export function assertJsonProps(island: string, value: unknown, path = "props"): void {
  const fail = (what: string) => {
    throw new Error(
      `islands/${island}.tsx: ${path} is ${what}, which cannot be sent to the browser as JSON. Pass plain strings, numbers, booleans, arrays or objects.`,
    );
  };
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) fail(String(value));
    return;
  }
  if (value === undefined) fail("undefined, which JSON makes null");
  else if (typeof value !== "object") fail(`a ${typeof value}`);
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) assertJsonProps(island, item, `${path}[${i}]`);
  } else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) fail(`a ${proto?.constructor?.name ?? "class instance"}`);
    for (const [key, item] of Object.entries(value)) if (item !== undefined) assertJsonProps(island, item, `${path}.${key}`);
  }
}

interface IslandProps<P extends object> {
  component: ComponentType<P>;
  props: P;
  when?: HydrateWhen;
}

export function Island<P extends object>({ component: Component, props, when = "interaction" }: IslandProps<P>) {
  const name = Component.displayName ?? Component.name;
  assertJsonProps(name, props);
  used.add(name);
  return (
    <div className="island" data-island={name} data-when={when} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
