// The CMS's preview renders a case study's page from the entry as the CMS holds it (browser/cms-entry.ts):
// for every study on the site, the props it makes are the ones the build makes from the file, and an entry
// still being typed makes a page of what is there.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { caseStudyOfEntry, type EntryFields } from "../../browser/cms-entry.ts";
import site from "../../content/site.yaml";
import { readContentFile } from "../../engine/content/read.ts";

const FOLDER = "content/case-studies";
const noImages = () => undefined;

describe("a case study's entry in the CMS", () => {
  test.each(readdirSync(FOLDER).filter((name) => name.endsWith(".md")))("%s: the same study as the build reads from the file", (name) => {
    const file = `${FOLDER}/${name}`;
    const source = readFileSync(file, "utf8");
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
    const fields: EntryFields = { ...parse(front), body };
    expect(caseStudyOfEntry(fields, name.slice(0, -3), site, noImages)).toEqual(readContentFile(process.cwd(), file, source).data);
  });

  test("one being typed: its slug from its title, the site's facts filled in, and its sections as far as written", () => {
    const study = caseStudyOfEntry(
      {
        title: "City College Pilot",
        subtitle: "With {{ company.name }}",
        order: "",
        body: "## Challenge\n\nAdvisers could not see every student.\n\n## Results\n",
      },
      "",
      site,
      noImages,
    );
    expect(study.slug).toBe("city-college-pilot");
    expect(study.subtitle).toBe(`With ${site.company.name}`);
    expect(study.body.challenge).toEqual([{ paragraph: ["Advisers could not see every student."] }]);
    expect(study.body.solution).toEqual([]);
    expect(study.body.results).toEqual([{ list: [], ordered: false }]);
  });

  test("a cover is shown once its size is known", () => {
    const fields = { title: "A", cover: { src: "art/photos/a.jpg", alt: "Advisers at work" } };
    expect(caseStudyOfEntry(fields, "a", site, noImages).cover).toBeUndefined();
    expect(caseStudyOfEntry(fields, "a", site, () => ({ width: 900, height: 600 })).cover).toEqual({
      src: "art/photos/a.jpg",
      alt: "Advisers at work",
      width: 900,
      height: 600,
    });
  });
});
