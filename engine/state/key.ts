// The one hash of inputs: a key names what is made from its parts. Parts are kept apart: ("ab", "c") is not ("a", "bc").
import { createHash } from "node:crypto";

type Part = string | Uint8Array;

export function keyOf(...parts: Part[]): string {
  return keysSharing(...parts)();
}

/** `keysSharing(a, b)(c)` equals `keyOf(a, b, c)`, the shared parts hashed once. */
export function keysSharing(...shared: Part[]): (...rest: Part[]) => string {
  const prefix = createHash("sha256");
  for (const part of shared) prefix.update(part).update("\0");
  return (...rest) => {
    const hash = prefix.copy();
    for (const part of rest) hash.update(part).update("\0");
    return hash.digest("hex");
  };
}
