import { describe, expect, test } from "vitest";
import { checkRoutesUnique, pagesOf } from "../../engine/pipeline/static-paths.ts";

/** A collection's file whose one entry has these props. */
const collection = (props: object) => ({
  default: () => null,
  meta: ({ title }: { title: string }) => ({ title }),
  getStaticPaths: () => [{ params: { slug: "fern" }, props }],
});

describe("a collection entry's props", () => {
  test("a key that holds undefined is absent, as JSON.stringify leaves it out", () => {
    const entry = { title: "Fern" } as { title: string; plant?: string };
    const [page] = pagesOf("pages/notes/[slug].tsx", collection({ title: entry.title, plant: entry.plant, where: { shelf: undefined } }));
    expect(page.route).toBe("/notes/fern");
    expect(JSON.stringify(page.props)).toBe('{"title":"Fern","where":{}}');
  });

  test.each([
    [{ title: "Fern", when: new Date(0) }, "props.when"],
    [{ title: "Fern", water: () => "weekly" }, "props.water"],
    [{ title: "Fern", pot: new (class Pot {})() }, "props.pot"],
    [{ title: "Fern", sizes: [1, undefined] }, "props.sizes[1]"],
    [{ title: "Fern", height: Number.POSITIVE_INFINITY }, "props.height"],
  ])("what JSON would not keep as it is still stops the build: %o", (props, path) => {
    expect(() => pagesOf("pages/notes/[slug].tsx", collection(props))).toThrow(
      `pages/notes/[slug].tsx: getStaticPaths() entry 1 (slug "fern"): ${path} is not plain JSON`,
    );
  });
});

describe("an entry's route", () => {
  test("an entry named index is refused: hosts serve …/index.html at the folder's address, another page", () => {
    const named = (slug: string) => ({ ...collection({}), getStaticPaths: () => [{ params: { slug }, props: {} }] });
    expect(() => pagesOf("pages/notes/[slug].tsx", named("index"))).toThrow(
      `pages/notes/[slug].tsx: getStaticPaths() entry 1 (slug "index"): params.slug "index" would be served at its folder's address with a slash, another page; use another, such as "eqos-initiative"`,
    );
  });

  test("an entry whose route another page has names its content file and the fix", () => {
    const entry = { file: "pages/case-studies/[slug].tsx", route: "/case-studies/eqos-initiative", meta: { title: "EQOS" }, Component: () => null, props: {} };
    const page = { file: "pages/case-studies/eqos-initiative.tsx", route: "/case-studies/eqos-initiative", meta: { title: "EQOS" }, Component: () => null };
    expect(() => checkRoutesUnique([page, entry], process.cwd())).toThrow(
      "/case-studies/eqos-initiative is claimed by both pages/case-studies/eqos-initiative.tsx and pages/case-studies/[slug].tsx (its entry for /case-studies/eqos-initiative, content/case-studies/eqos-initiative.md); rename content/case-studies/eqos-initiative.md, whose name is its page's address, or remove the other page",
    );
  });
});
