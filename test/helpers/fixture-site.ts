// The fixture site: this project's engine, pages, components and styles, built with content of the tests'
// own (test/fixtures/) in place of the firm's. The tests that compare a page with a saved copy (the render
// snapshots, the screenshots) run on it, so a change to content/ or art/ (a price, a new study) never fails
// them: only a change to the engine, a template or a style does.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { readContentFile } from "../../engine/content/read.ts";
import { BUILD_COMMAND, COPY_TMP, copyProject } from "../../tools/support/project-copy.ts";

/** The folder holding the fixtures' content/ and art/, as a project holds its own. */
export const FIXTURES = "test/fixtures";
/** The fixture content, in the shape of content/: every file the schema names, and each folder's entries. */
export const FIXTURE_CONTENT = "test/fixtures/content";
/** The fixture art, in the shape of art/: the images the pages import, and the fixture study's photo. */
export const FIXTURE_ART = "test/fixtures/art";
/** The fixture clients' logos, added to public/logos/. */
export const FIXTURE_LOGOS = "test/fixtures/public/logos";
/** The build's caches of data, each kept by the hash of what it was made from: shared with the checkout, so
 * the fixture build reuses what the last one encoded, printed and validated (a copy's own would start cold). */
const SHARED_CACHE = "blobs";
/** The compiled build, copied: shared, its modules would import the checkout's pages and components, not
 * the copy's (Node resolves a module by its real path). */
const COMPILED_BUILD = "engine";

/** Replaces the firm's content and art in the project at `dir` with the fixtures of `from` (a checkout):
 * every content file but the schema's code (content/*.ts), and all of art/. */
export function putFixtureContent(dir: string, from = process.cwd()): void {
  for (const entry of readdirSync(join(dir, "content"), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.endsWith(".ts")) rmSync(join(entry.parentPath, entry.name));
  }
  cpSync(join(from, FIXTURE_CONTENT), join(dir, "content"), { recursive: true });
  rmSync(join(dir, "art"), { recursive: true, force: true });
  cpSync(join(from, FIXTURE_ART), join(dir, "art"), { recursive: true });
  cpSync(join(from, FIXTURE_LOGOS), join(dir, "public/logos"), { recursive: true });
}

/**
 * Builds the fixture site into `outDir` (of this checkout) with `env`: in a copy of the project whose
 * content is the fixtures, by `npm run build`'s own command in a process of its own. Rejects with the
 * build's output when it fails.
 */
export async function buildFixtureSite(outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const project = copyProject({ warm: false });
  try {
    putFixtureContent(project.dir);
    mkdirSync(join(project.dir, ".cache"), { recursive: true });
    mkdirSync(join(".cache", SHARED_CACHE), { recursive: true });
    symlinkSync(resolve(".cache", SHARED_CACHE), join(project.dir, ".cache", SHARED_CACHE), "dir");
    if (existsSync(join(".cache", COMPILED_BUILD))) cpSync(join(".cache", COMPILED_BUILD), join(project.dir, ".cache", COMPILED_BUILD), { recursive: true });
    // Only the settings given: none of the environment's (CI sets the deploy's) reaches the fixture site,
    // and the copy has no .env (git ignores it, so copyProject leaves it out).
    const settings = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: join(project.dir, COPY_TMP), ...env, OUT_DIR: resolve(outDir) };
    const { status, output } = await new Promise<{ status: number | null; output: string }>((done) => {
      const child = spawn(process.execPath, BUILD_COMMAND, { cwd: project.dir, env: settings });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (status) => done({ status, output }));
    });
    if (status !== 0) throw new Error(`The fixture site (${FIXTURE_CONTENT}) did not build:\n${output}`);
  } finally {
    project.remove();
  }
}

/** A fixture content file's data as the build reads it (checked, its tokens filled): `file` is its path as
 * the project has it ("content/bio.md"). A test of the fixture site derives what it expects from it. */
export function fixtureContent<T>(file: string): T {
  return readContentFile(FIXTURES, file, readFileSync(join(FIXTURES, file), "utf8")).data as T;
}

/** The fixture study with a cover photo and a PDF (test/fixtures/content/case-studies/). */
export const FIXTURE_STUDY_ROUTE = "/case-studies/fixture-pilot-with-photo";
