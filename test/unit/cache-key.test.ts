import { describe, expect, it } from "vitest";
import { keyOf, keysSharing } from "../../engine/state/key.ts";

describe("keys", () => {
  it("a key made from shared first parts equals the key of all its parts, for each of many", () => {
    const font = new Uint8Array([1, 2, 3, 0, 255]);
    const cardKey = keysSharing("social-card", font, "layout");
    expect(cardKey("card one")).toBe(keyOf("social-card", font, "layout", "card one"));
    expect(cardKey("card two")).toBe(keyOf("social-card", font, "layout", "card two"));
    expect(cardKey("card one")).not.toBe(cardKey("card two"));
  });

  it("parts are kept apart: moving a character from one part to the next changes the key", () => {
    expect(keyOf("ab", "c")).not.toBe(keyOf("a", "bc"));
    expect(keysSharing("ab")("c")).not.toBe(keysSharing("a")("bc"));
  });
});
