// The one hash of inputs: a key names what is made from its parts (a blob, a page's body, the page
// bundle), so the same parts find the same thing. Parts are kept apart: ("ab", "c") is not ("a", "bc").
import { createHash } from "node:crypto";

type Part = string | Uint8Array;

export function keyOf(...parts: Part[]): string {
  return keysSharing(...parts)();
}

/** keyOf for many things that share their first parts (the fonts of every social card): those are hashed
 * once, and each call adds the rest. `keysSharing(a, b)(c)` equals `keyOf(a, b, c)`. */
export function keysSharing(...shared: Part[]): (...rest: Part[]) => string {
  const prefix = createHash("sha256");
  for (const part of shared) prefix.update(part).update("\0");
  return (...rest) => {
    const hash = prefix.copy();
    for (const part of rest) hash.update(part).update("\0");
    return hash.digest("hex");
  };
}
