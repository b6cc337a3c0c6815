import { describe, expect, it } from "vitest";
import { cacheKey, cacheKeys } from "../../engine/state/cache.ts";

describe("cache keys", () => {
  it("a key made from shared first parts equals the key of all its parts, for each of many", () => {
    const font = new Uint8Array([1, 2, 3, 0, 255]);
    const keyOf = cacheKeys("social-card", font, "layout");
    expect(keyOf("card one")).toBe(cacheKey("social-card", font, "layout", "card one"));
    expect(keyOf("card two")).toBe(cacheKey("social-card", font, "layout", "card two"));
    expect(keyOf("card one")).not.toBe(keyOf("card two"));
  });

  it("parts are kept apart: moving a character from one part to the next changes the key", () => {
    expect(cacheKey("ab", "c")).not.toBe(cacheKey("a", "bc"));
    expect(cacheKeys("ab")("c")).not.toBe(cacheKeys("a")("bc"));
  });
});
