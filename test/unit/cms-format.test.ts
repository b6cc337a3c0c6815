// What the CMS saves is what was typed, changed only where it was edited (browser/cms-format.ts,
// engine/content/yaml-edit.ts), and it checks an entry as the build checks its file before it saves
// (browser/cms-checks.ts): each problem the build's sentence, beside its field. The firm's files are read
// for their shape only; the fixture site's (test/fixtures/content) are the ones edited.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { dollarsOf, wholeNumberOf } from "../../browser/cms-amounts.ts";
import { besideField, fieldProblems, problemsOf } from "../../browser/cms-checks.ts";
import { contentFormat, type EntryData, statusOf } from "../../browser/cms-format.ts";
import type { Site } from "../../content/collections.ts";
import { READ_FROM } from "../../engine/content/cms-config.ts";
import { editYaml } from "../../engine/content/yaml-edit.ts";

const FIXTURES = "test/fixtures/content";
const site = parse(readFileSync(`${FIXTURES}/site.yaml`, "utf8")) as Site;
const format = contentFormat(site);
const STUDY = `${FIXTURES}/case-studies/fixture-pilot-with-photo.md`;

/** The lines of `after` that are not the same line of `before` (the files keep their length here). */
function changedLines(before: string, after: string): string[] {
  const old = before.split("\n");
  const next = after.split("\n");
  expect(next.length).toBe(old.length);
  return next.filter((line, i) => line !== old[i]);
}

/** An entry as the CMS reads the file, edited by `edit`, as the CMS saves it. */
function saved(file: string, edit: (data: EntryData) => void): { before: string; after: string } {
  const before = readFileSync(file, "utf8");
  const data = format.fromFile(before);
  edit(data);
  return { before, after: format.toFile(JSON.parse(JSON.stringify(data))) };
}

describe("a save changes only what changed", () => {
  test("a price edited is a one-line change, every comment, fold and blank line kept", () => {
    const { before, after } = saved(`${FIXTURES}/services.yaml`, (data) => {
      (data.packages as EntryData[])[1].price = 80000;
    });
    expect(changedLines(before, after)).toEqual([expect.stringMatching(/^\s+price: 80000$/)]);
    expect(after.split("\n").filter((line) => line.trimStart().startsWith("#"))).toEqual(before.split("\n").filter((line) => line.trimStart().startsWith("#")));
  });

  test.each(["content/services.yaml", "content/site.yaml", "content/home.yaml", "content/about.yaml", "content/contact.yaml"])(
    "%s: read and saved unedited, the file is byte for byte the same",
    (file) => {
      const text = readFileSync(file, "utf8");
      expect(format.toFile(format.fromFile(text))).toBe(text);
    },
  );

  test.each(readdirSync("content/case-studies").map((name) => `content/case-studies/${name}`))("%s: read and saved unedited, the same bytes", (file) => {
    const text = readFileSync(file, "utf8");
    expect(format.toFile(format.fromFile(text))).toBe(text);
  });

  test("a study's text is written again only when edited; a field of it is one line", () => {
    const retitled = saved(STUDY, (data) => {
      data.order = 7;
    });
    expect(changedLines(retitled.before, retitled.after)).toEqual(["order: 7"]);
    const edited = saved(STUDY, (data) => {
      data.body = String(data.body).replace("## Results", "## Results\n\n- One more result");
    });
    expect(edited.after.slice(0, edited.after.indexOf("## Challenge"))).toBe(edited.before.slice(0, edited.before.indexOf("## Challenge")));
    expect(edited.after).toContain("## Results\n\n- One more result\n");
  });

  test("a field the form left empty is no line of the file; a new field goes after the one before it", () => {
    const { after } = saved(STUDY, (data) => {
      data.link = "";
      data.publishAt = "2026-12-20";
    });
    const front = after.slice(0, after.indexOf("\n---", 4));
    expect(front).not.toContain("link:");
    // A day is saved as it was typed, the text YYYY-MM-DD, read back as that text.
    expect(front).toMatch(/\npublishAt: 2026-12-20(\n|$)/);
    expect(parse(front.slice(4)).publishAt).toBe("2026-12-20");
  });

  test("a shape it cannot edit in place is written anew, still exactly the values", () => {
    const text = "# a comment\nlist: [a, b]\nname: x\n";
    const next = editYaml(text, { list: ["a", "b", "c"], name: "y" });
    expect(parse(next)).toEqual({ list: ["a", "b", "c"], name: "y" });
    expect(next).toContain("# a comment");
  });
});

describe("numbers and days as people type them", () => {
  test.each([
    ["80000", 80000],
    ["80,000", 80000],
    ["$80,000", 80000],
    ["$80k", 80000],
    ["80k", 80000],
    ["80K", 80000],
    ["$1.2m", 1200000],
    ["eighty", undefined],
    ["80k dollars", undefined],
    ["8,0000", undefined],
    ["80.5", undefined],
  ])("a price typed %j is %j", (typed, dollars) => expect(dollarsOf(typed)).toBe(dollars));

  test("a number of weeks reads digits only: 12 and 1,200, never 12w as 12", () => {
    expect(wholeNumberOf("12")).toBe(12);
    expect(wholeNumberOf("1,200")).toBe(1200);
    expect(wholeNumberOf("12w")).toBeUndefined();
    expect(wholeNumberOf("$12k")).toBeUndefined();
  });
});

describe("an entry is checked as the build checks its file, each problem beside its field", () => {
  const study = readFileSync(STUDY, "utf8");
  const file = "content/case-studies/fixture-pilot-with-photo.md";
  /** The sentences beside the field at `pattern` once the entry is edited by `edit`. */
  function beside(pattern: string, edit: (data: EntryData) => void, value?: (data: EntryData) => unknown): string[] {
    const data = format.fromFile(study);
    edit(data);
    const problems = problemsOf(file, format.toFile(data), site);
    const keys = pattern.split(".");
    const own = value ? value(data) : keys.reduce<unknown>((at, key) => (at as EntryData | undefined)?.[key], data);
    return fieldProblems(problems, pattern, own, data).map(besideField);
  }

  test("the entry as it is: nothing to say", () => {
    expect(problemsOf(file, study, site)).toEqual([]);
  });

  test("a price that reads as no number is refused, never saved as part of it", () => {
    const services = format.fromFile(readFileSync(`${FIXTURES}/services.yaml`, "utf8"));
    (services.packages as EntryData[])[1].price = "eighty";
    const problems = problemsOf("content/services.yaml", format.toFile(services), site);
    expect(fieldProblems(problems, "packages.*.price", "eighty", services).map(besideField)).toEqual([
      'price: "eighty" is not a number of US dollars; write 75000',
    ]);
    // The other packages' prices are fine: nothing beside them.
    expect(fieldProblems(problems, "packages.*.price", (services.packages as EntryData[])[0].price, services)).toEqual([]);
  });

  test("a cover without what it shows: beside its alt, not labelled optional", () => {
    expect(beside("cover.alt", (data) => ((data.cover as EntryData).alt = ""))).toEqual([
      "alt is missing; write what the image shows, for a visitor who cannot see it",
    ]);
  });

  test("a summary too long says how many characters were typed", () => {
    const long = `${"Two districts now share one platform and ".repeat(5).trim()}.`;
    expect(beside("summary", (data) => (data.summary = long))).toEqual([
      `summary is ${long.length} characters, ${long.length - 160} more than the 160 it may have; write one or two sentences for search results and link previews, ending with a full stop (160 characters at most: a result cuts the rest)`,
    ]);
  });

  test("a section renamed: the text says which sections it has", () => {
    const said = beside("body", (data) => (data.body = String(data.body).replace("## Results", "## Outcomes")));
    expect(said).toContain("## Outcomes is not a section of the text; name its sections ## Challenge, ## Solution, ## Results");
    expect(said).toContain("results is missing; write each result on a line of its own starting with - under ## Results");
  });

  test("a day as its hint writes it passes; another is refused in the build's words", () => {
    expect(beside("publishAt", (data) => (data.publishAt = "2026-12-08"))).toEqual([]);
    expect(beside("publishAt", (data) => (data.publishAt = "12/08/2026"))).toEqual([
      'publishAt: "12/08/2026" is not a day; write it as YYYY-MM-DD, such as 2026-11-24',
    ]);
  });

  test("a new study's name is made from its title as the build reads it", () => {
    const problems = problemsOf("content/case-studies/index.md", study, site);
    expect(problems.map(({ text }) => text)).toEqual([expect.stringContaining("hosts serve a page named index")]);
  });

  test("the list says which entries are not on the site, and when that changes", () => {
    expect(statusOf({ draft: true }, "2026-12-07")).toBe("Draft");
    expect(statusOf({ publishAt: "2026-12-20" }, "2026-12-07")).toBe("Goes live 2026-12-20");
    expect(statusOf({ expiresAt: "2027-06-30" }, "2026-12-07")).toBe("Comes down 2027-06-30");
    expect(statusOf({ publishAt: "2026-12-01" }, "2026-12-07")).toBe("");
    const listed = format.fromFile(study.replace(/^title: .*$/m, "title: Pilot for {{ company.name }}"));
    expect(listed.$title).toBe(`Pilot for ${site.company.name}`);
    expect(listed[READ_FROM]).toContain("title: Pilot for {{ company.name }}");
  });
});
