import { describe, expect, test } from "vitest";
import { narrowed, ruleEnds, spliceText } from "../../engine/dev/styles.ts";

describe("ruleEnds", () => {
  test("ends each top-level rule after its brace or an at-rule's semicolon, past nested blocks, strings and comments", () => {
    const css = '@charset "UTF-8";a{b:c}@media(min-width:1px){d{e:f}}g::after{content:"}{;"}/*! } */h{i:j}';
    const ends = ruleEnds(css);
    expect(ends.slice(1).map((end, i) => css.slice(ends[i], end))).toEqual([
      '@charset "UTF-8";',
      "a{b:c}",
      "@media(min-width:1px){d{e:f}}",
      'g::after{content:"}{;"}',
      "/*! } */h{i:j}",
    ]);
  });
});

describe("narrowed", () => {
  const at = 100;
  const base = "body{margin:0}h1{font-size:2rem}@media(min-width:48rem){h1{font-size:3rem}}";
  const check = (removed: string, text: string) => {
    const splices = narrowed({ at, removed, text });
    // The narrowed splice makes the same stylesheet as the partial's whole splice.
    const before = `${"x".repeat(at)}${removed}y{}`;
    expect(spliceText(before, splices)).toBe(`${"x".repeat(at)}${text}y{}`);
    return splices;
  };

  test("a rule appended is sent alone", () => {
    expect(check(base, `${base}#a{letter-spacing:1px}`)).toEqual([{ at: at + base.length, removed: "", text: "#a{letter-spacing:1px}" }]);
  });

  test("that rule changed again is the only span replaced, whole rules on both sides", () => {
    expect(check(`${base}#a{letter-spacing:1px}`, `${base}#a{letter-spacing:2px}`)).toEqual([
      { at: at + base.length, removed: "#a{letter-spacing:1px}", text: "#a{letter-spacing:2px}" },
    ]);
  });

  test("a change inside an at-rule replaces the whole at-rule", () => {
    const [splice] = check(base, base.replace("3rem", "4rem"));
    expect(splice.removed).toBe("@media(min-width:48rem){h1{font-size:3rem}}");
    expect(splice.text).toBe("@media(min-width:48rem){h1{font-size:4rem}}");
  });

  test("nothing changed, nothing sent", () => {
    expect(narrowed({ at, removed: base, text: base })).toEqual([]);
  });
});
