// Sitemap dates: each page's own last change in git, the build date outside git or for uncommitted work.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { caseStudyPath } from "../../components/case-studies.ts";
import bio from "../../content/bio.md";
import caseStudies from "../../content/case-studies";
import privacy from "../../content/privacy.md";
import services from "../../content/services.yaml";
import terms from "../../content/terms.md";
import { plainText } from "../../engine/content/markdown.ts";
import { lastModifiedDates } from "../../engine/outputs/sitemap.ts";
import { type LoadedPages, loadPages } from "../../engine/pipeline/pages.ts";
import { copyProject } from "../../tools/support/project-copy.ts";
import { builtRoutes, configuredSite } from "../helpers/site.ts";

const ROUTES = await builtRoutes();

const buildDate = new Date("2030-01-01");
const repo = mkdtempSync(join(tmpdir(), "lastmod-"));
after(() => rmSync(repo, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(join(repo, file, ".."), { recursive: true });
  writeFileSync(join(repo, file), text);
}
function commit(date: string, message: string, cwd = repo) {
  const env = { ...process.env, GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` };
  // Stored uncompressed: a copy of the project is 23 MB (its screenshots, mostly), and zlib was most of its commit's time.
  execFileSync("git", ["-c", "core.compression=0", "add", "-A"], { cwd });
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.org", "commit", "-q", "-m", message], { cwd, env });
}
// What the page bundle reports each route is made from.
const sources = new Map([
  ["/a", ["pages/a.tsx", "content/a.ts", "components/Layout.tsx"]],
  ["/b", ["pages/b.tsx", "content/b.ts", "components/Layout.tsx"]],
]);
const dates = async () => Object.fromEntries(await lastModifiedDates(sources, buildDate, repo));
/** This project's pages as a build loads them, once for the tests below. */
let loaded: Promise<LoadedPages> | undefined;
const projectPages = () => {
  loaded ??= loadPages();
  return loaded;
};

test("outside git every page is dated by the build", async () => {
  for (const files of sources.values()) for (const file of files) write(file, "export {};");
  assert.deepEqual(await dates(), { "/a": "2030-01-01", "/b": "2030-01-01" });
});

test("a page is dated by the last commit touching any file it is made from; uncommitted work by the build", async () => {
  execFileSync("git", ["init", "-q"], { cwd: repo });
  commit("2024-01-02", "pages");
  write("content/a.ts", "export const x = 3;");
  commit("2024-03-04", "a's content changed");
  assert.deepEqual(await dates(), { "/a": "2024-03-04", "/b": "2024-01-02" });
  write("components/Layout.tsx", "export function Layout() { return null; }");
  assert.deepEqual(await dates(), { "/a": "2030-01-01", "/b": "2030-01-01" });
  commit("2024-05-06", "a shared component changed");
  write("content/b.ts", "export const y = 2;");
  assert.deepEqual(await dates(), { "/a": "2024-05-06", "/b": "2030-01-01" });
});

test("the page bundle names each page's own files and the shared ones", async () => {
  const { sourcesOf } = await projectPages();
  const about = sourcesOf("/about");
  for (const file of ["pages/about.tsx", "content/about.yaml", "components/Layout.tsx", "engine/pipeline/render.ts"])
    assert.ok(about.includes(file), `${file} in ${about.join(", ")}`);
  assert.ok(!about.includes("pages/services.tsx"));
  assert.ok(!about.some((file) => file.includes("node_modules")));
});

test("the built sitemap dates each page by its own history", () => {
  const sitemap = readFileSync(`${configuredSite}/sitemap.xml`, "utf8");
  const found = [...sitemap.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
  assert.equal(found.length, ROUTES.length);
  for (const date of found) assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
});

// The site itself with a made-up history: a copy of the project with every file committed on an old
// date, then one edit to one content file a commit. The dates are the build's (build.ts gives
// lastModifiedDates each route's sources as the page bundle reports them; the copy's paths are the
// project's), and what a save renders again in the dev server is each route whose body is made from
// the saved file (templateSourcesOf, what engine/state/render-cache.ts keys a body by).
test("an edit to the bio, a case study, the services or a policy re-dates exactly the pages that show it, and renders only them again", async () => {
  const project = copyProject({ warm: false });
  try {
    const dir = project.dir;
    execFileSync("git", ["init", "-q"], { cwd: dir });
    commit("2021-01-01", "the site", dir);
    const { pages, sourcesOf, templateSourcesOf } = await projectPages();
    const routes = pages.map((page) => page.route);
    const sources = new Map(routes.map((route) => [route, sourcesOf(route)]));
    assert.deepEqual(new Set((await lastModifiedDates(sources, buildDate, dir)).values()), new Set(["2021-01-01"]));
    let day = 1;
    /** The routes an edit replacing `from` with `to` in `file`, committed alone, re-dates; and those whose body is made from `file`. */
    const edit = async (file: string, from: string, to: string) => {
      const text = readFileSync(join(dir, file), "utf8");
      assert.ok(text.includes(from), `${file} no longer says "${from}"`);
      writeFileSync(join(dir, file), text.replace(from, to));
      const date = `2022-02-${String(day++).padStart(2, "0")}`;
      commit(date, `${file} edited`, dir);
      const dates = await lastModifiedDates(sources, buildDate, dir);
      return {
        redated: routes.filter((route) => dates.get(route) === date).sort(),
        rendered: routes.filter((route) => templateSourcesOf(route).includes(file)).sort(),
      };
    };
    const exactly = (...expected: string[]) => ({ redated: [...expected].sort(), rendered: [...expected].sort() });

    // The founder's publications are printed, and put in the graph, by /bio alone.
    const publication = bio.publications[0].title;
    assert.deepEqual(await edit("content/bio.md", publication, `${publication}, revised`), exactly("/bio"));
    // One study's result: each study's page (its neighbours' links name theirs), the list and the home page
    // (its teaser links the featured study's page) read the whole collection, so all are re-dated. An
    // entry's body is rendered from its props, which only its own file changes: the list and the home page
    // are rendered again for their sources, the study's page for its props (engine/state/render-cache.ts).
    const study = caseStudies[2];
    const result = plainText(study.body.results[0].list[0]);
    assert.deepEqual(await edit(`content/case-studies/${study.slug}.md`, result, `${result} (revised)`), {
      redated: ["/", "/case-studies", ...caseStudies.map(caseStudyPath)].sort(),
      rendered: ["/", "/case-studies"],
    });
    const name = services.packages[1].name;
    assert.deepEqual(await edit("content/services.yaml", `name: ${name}`, `name: ${name} Revised`), exactly("/services"));
    // The footer on every page names the two policies, but only their own pages print them.
    /** A policy's first section heading, as its file writes it. */
    const firstHeading = ({ body: [first] }: typeof terms) => {
      assert.ok("heading" in first, "the policy begins with a heading");
      return `## ${plainText(first.text)}`;
    };
    const heading = firstHeading(terms);
    assert.deepEqual(await edit("content/terms.md", heading, `${heading}, revised`), exactly("/terms"));
    const privacyHeading = firstHeading(privacy);
    assert.deepEqual(await edit("content/privacy.md", privacyHeading, `${privacyHeading}, revised`), exactly("/privacy"));
  } finally {
    project.remove();
  }
});
