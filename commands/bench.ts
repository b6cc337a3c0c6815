// npm run bench: this project beside the Astro peer (../shared/peers/astro-site), both measured in this
// run on this machine, every figure set as a ratio of medians (ours / Astro's), since machines here
// differ by up to twice in speed from one session to the next.
//
// Builds. Both grow as real sites grow: by N entries of ONE template, not by N page files. Ours gets
// content/insights.json and pages/insights/[slug].tsx (a heading and the peer's three paragraphs,
// content/shared.json); the peer gets the same N entries appended to its content/pages.json. Both are
// timed the same way: the wall time of the whole build process (node --import tsx commands/build.ts;
// node node_modules/astro/astro.js build), and peak memory sampled from /proc: the main process's
// high-water mark (VmHWM, every 10 ms), and the sum of the resident sets of it and every process it
// started (esbuild, Sass…; every 100 ms). Each side builds once untimed first (Astro's first build warms
// its own caches), then the runs alternate, ours then Astro's, so drift hits both. The figures:
//   cold                 ours without .cache/, dist/ and dist-hosts/; Astro without its .astro/,
//                        node_modules/.astro/ (its cacheDir), node_modules/.vite/ and dist/
//   nothing changed      our rebuild, against Astro's build (it has no incremental rebuild)
//   one entry edited     entry 1's heading changed in insights.json / pages.json, then each builds
// Then both grown by the same 1,000 Markdown files instead (commands/support/markdown-notes.ts): the
// peer's own collection (its `node gen-notes.mjs 1000`: a glob() loader and a zod schema over
// content/notes/*.md, a page per note) and ours the files it wrote, as a folder collection registered in
// the copy's content/collections.ts with the peer's fields, and pages/notes/[slug].tsx (the title as a
// heading, the text through components/Markdown.tsx); the same three figures, the edit being note-0's
// title. Limits: the real site cold ≤ 1.0×, with nothing changed ≤ 0.3×; the notes cold ≤ 1.0×, one
// edited ≤ 0.1×; peak memory ≤ Astro's everywhere.
// Verification is shown apart, as our build reports it.
//
// Dev loop. Our dev server and `astro dev`, one Chromium page on each: ten saves of each kind 400 ms
// apart (in place and by rename alternately; the next save waits 400 ms after the page showed the last
// one, and after any reload that followed it), timed from the save to the open page showing it (patched
// in place, or reloaded: then the reloaded document's DOMContentLoaded). The kinds (commands/support/
// dev-saves.ts): a page's title and heading, until the document's title and its h1 show it (ours in
// pages/case-studies.tsx, whose social card changes with it; Astro's an entry of content/pages.json); a
// page file with its page open (ours pages/case-studies.tsx, Astro's src/pages/[...slug].astro, both on
// /case-studies); a content file feeding the open page (ours content/home.yaml on /, Astro's
// content/pages.json on /case-studies); a style partial and the entry stylesheet (ours styles/_base.scss
// and styles/main.scss, Astro's src/styles/global.css for both: a rule
// appended, until the computed style shows it: checked at each frame, after each DOM mutation (Astro
// sets a <style>'s text) and after each stylesheet adopted or replaced (ours swaps a constructed
// stylesheet, which makes no mutation: caught only at the next frame, it counted ~8 ms more); and an
// island (ours alone: Astro's peer has none to compare). Then a Markdown entry's save with its page open
// (ours content/case-studies/eqos-initiative.md, its first paragraph; Astro's content/notes/note-0.md,
// its dev server restarted with DEV_NOTES notes), and ours alone: the same file saved with a schema error
// (a day February lacks), timed until the error overlay names the file, against the good save's time in
// this run (limit ≤ 1.0×); each broken save is followed by the good file, until the overlay is gone. Each
// block waits until both sides' processes are idle (our dev server verifies and type-checks after a
// save), so one side's background work never lands in the other's figures.
//
//   npm run bench                   everything (a few minutes on two cores, plus the peer's npm install)
//   npm run bench -- --runs 3       runs per figure (default 5)
//   npm run bench -- --only build   (the Markdown notes too) or --only dev, or --only navigation (ours alone: the built site's next
//                                   page with and without its speculation rules, commands/support/navigation-timing.ts)
//   npm run bench -- --pages 10000  N, the extra entries (default 1000; a list is fine); the real site (N = 0) always runs
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ASTRO_CLI, ASTRO_ENV, type AstroPeer, installAstroPeer, type PeerEntry, startAstroDev } from "./support/astro-peer.ts";
import { chromePath, launchBrowser } from "./support/browser.ts";
import { DEV_COMPARISONS, type Edit, ISLAND_EDIT, MARKDOWN_SAVE, OVERLAY_CLEARED, type Probe, SCHEMA_ERROR } from "./support/dev-saves.ts";
import { saveByRename, saveInPlace, startDevServer } from "./support/dev-server.ts";
import { addNotes, EDITED_NOTE, retitleNote } from "./support/markdown-notes.ts";
import { ADDED_LATENCY_MS, timeNavigation, timePrerender } from "./support/navigation-timing.ts";
import { processIds, processTree, statFields } from "./support/processes.ts";
import { copyEnv, copyProject, type ProjectCopy } from "./support/project-copy.ts";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const RUNS = Number(argument("runs") ?? 5);
const ONLY = argument("only");
const GROWTH = [...new Set([0, ...(argument("pages") ?? "1000").split(",").map(Number)])];
const SAVES = 10;
/** The peer's notes while its dev server times the Markdown save: fewer than the builds' so that the
 * server, which loads its whole collection as it starts, starts sooner. Ours saves one of its six case studies. */
const DEV_NOTES = 100;
/** A save the page has not shown by then is counted as never shown (Astro's dev server loses some: see howShown). */
const SHOWN_WITHIN_MS = 10_000;
/** Saves are spaced as an editor's autosave spaces them. */
const SAVE_GAP_MS = 400;

// ---------------------------------------------------------------------------------------------------
// Figures and limits

/** Every figure that the issue sets a limit on, and whether it was met. */
const verdicts: { met: boolean; label: string }[] = [];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** "3.21 s (2.90–3.50)": the median, then the minimum and maximum. */
const spread = (values: number[], digits: number, unit: string) =>
  `${median(values).toFixed(digits)} ${unit} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
const ratio = (ours: number[], theirs: number[]) => median(ours) / median(theirs);

const COLUMNS = [40, 26, 26, 9];
function row(label: string, ours: string, theirs: string, times: string, limit = ""): void {
  console.log([label, ours, theirs, times].map((cell, i) => cell.padEnd(COLUMNS[i])).join(" ") + limit);
}
function heading(): void {
  row("", "ours: median (min–max)", "Astro: median (min–max)", "ratio", "limit");
}

/** One figure's row: both sides' spreads, the ratio of medians, and the limit when the issue sets one. */
function compare(label: string, ours: number[], theirs: number[], unit: string, digits: number, limit?: number, what = label): void {
  if (!ours.length || !theirs.length) {
    const side = (values: number[]) => (values.length ? spread(values, digits, unit) : "none measured");
    if (limit !== undefined) verdicts.push({ met: false, label: `${what}: no ratio, a side has no measurement` });
    row(label, side(ours), side(theirs), "—", limit === undefined ? "" : "NOT MEASURED");
    return;
  }
  const times = ratio(ours, theirs);
  let verdict = "";
  if (limit !== undefined) {
    const met = times <= limit;
    verdicts.push({ met, label: `${what}: ${times.toFixed(3)}× (limit ≤ ${limit.toFixed(1)}×)` });
    verdict = `≤ ${limit.toFixed(1)}×  ${met ? "met" : "NOT MET"}`;
  }
  row(label, spread(ours, digits, unit), spread(theirs, digits, unit), `${times.toFixed(3)}×`, verdict);
}

// ---------------------------------------------------------------------------------------------------
// Timing a build

interface Run {
  seconds: number;
  /** The main process's peak resident set (VmHWM). */
  peakMb: number;
  /** The largest sum of the resident sets of the main process and every process under it, as sampled (never under peakMb). */
  treeMb: number;
  /** As our build reports its verification (absent for Astro). */
  verification?: Verification;
}

interface Verification {
  /** From the first page written to its end. */
  seconds: number;
  /** html-validate's CPU time per page it validated, and its share of the build's CPU time (absent when it validated none). */
  validated?: { msPerPage: number; cpuShare: number };
}

/** Our build's own report of its verification and CPU time, from its output. */
function verificationOf(output: string): Verification | undefined {
  const ran = /verification ran ([\d.]+) s/.exec(output);
  const validated = /html-validate ([\d.]+) ms CPU per page over (\d+) pages/.exec(output);
  const cpu = /([\d.]+) s CPU in all threads/.exec(output);
  if (!ran) return undefined;
  if (!validated || !cpu) return { seconds: Number(ran[1]) };
  // Its CPU time from the per-page figure, which the build prints to more places than the total.
  const msPerPage = Number(validated[1]);
  return { seconds: Number(ran[1]), validated: { msPerPage, cpuShare: (msPerPage * Number(validated[2])) / 1000 / Number(cpu[1]) } };
}

const statusKb = (pid: number | string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

function treeRssKb(root: number): number {
  let sum = 0;
  for (const pid of processTree(root)) {
    try {
      sum += statusKb(pid, "VmRSS");
    } catch {
      // It exited while the tree was read.
    }
  }
  return sum;
}

/** One whole process, timed from outside: wall time and peak memory; fails with its output when it fails. */
function timedProcess(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Run & { output: string }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const pid = child.pid as number;
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    let peakKb = 0;
    let treeKb = 0;
    const sampleMain = setInterval(() => {
      try {
        peakKb = Math.max(peakKb, statusKb(pid, "VmHWM"));
      } catch {
        // The process has just exited.
      }
    }, 10);
    const sampleTree = setInterval(() => {
      treeKb = Math.max(treeKb, treeRssKb(pid));
    }, 100);
    let seconds = 0;
    child.on("exit", () => {
      seconds = (performance.now() - started) / 1000;
      clearInterval(sampleMain);
      clearInterval(sampleTree);
    });
    // After "exit" and once its output is all read.
    child.on("close", (code) => {
      if (code !== 0) fail(new Error(`${args.join(" ")} failed in ${cwd}:\n${output.slice(-4000)}`));
      else done({ seconds, peakMb: peakKb / 1024, treeMb: Math.max(treeKb, peakKb) / 1024, output });
    });
  });
}

/** `npm run build` as a developer runs it (without npm's own start-up). */
async function ourBuild(project: ProjectCopy): Promise<Run> {
  const { output, ...run } = await timedProcess(["--import", "tsx", "commands/build.ts"], project.dir, copyEnv(project.dir));
  return { ...run, verification: verificationOf(output) };
}

/** `npx astro build` (without npx's own start-up). */
async function astroBuild(peer: AstroPeer): Promise<Run> {
  const { output: _, ...run } = await timedProcess([ASTRO_CLI, "build"], peer.dir, ASTRO_ENV);
  return run;
}

// ---------------------------------------------------------------------------------------------------
// Growing both sites by N entries of one template

const entries = (count: number): PeerEntry[] =>
  Array.from({ length: count }, (_, i) => ({ slug: `gen-${i + 1}`, title: `Insight ${i + 1}`, h1: `Insight ${i + 1}` }));

/** Entry 1 with another heading: the edit of one entry. */
const edited = (list: PeerEntry[], edit: number): PeerEntry[] => [{ ...list[0], h1: `Insight 1, edit ${edit}` }, ...list.slice(1)];

/** Our collection page for the entries: the peer's template in our terms (a heading and its three paragraphs). */
const INSIGHT_PAGE = `import type { PageMeta } from "../../components/head.ts";
import type { StaticPath } from "../../components/static-paths.ts";
import insights from "../../content/insights.json";
import shared from "../../content/shared.json";

interface Props {
  title: string;
  h1: string;
}

export function getStaticPaths(): StaticPath<Props>[] {
  return insights.map(({ slug, title, h1 }) => ({ params: { slug }, props: { title, h1 } }));
}

export const meta = ({ title }: Props): PageMeta => ({
  title,
  description: "An insight from the firm: one entry of a list, all of them made by one page file.",
  // The peer's shape: its pages share one social image, none has a card of its own.
  socialCard: false,
});

export default function InsightPage({ h1 }: Props) {
  return (
    <section className="section">
      <div className="container">
        <h1>{h1}</h1>
        {shared.paras.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </section>
  );
}
`;

/** Our project grown by these entries: content/insights.json, the peer's shared.json, and the page file. */
function addInsights(project: ProjectCopy, peer: AstroPeer, list: PeerEntry[]): void {
  writeFileSync(join(project.dir, "content/shared.json"), readFileSync(join(peer.dir, "content/shared.json")));
  writeInsights(project, list);
  mkdirSync(join(project.dir, "pages/insights"), { recursive: true });
  writeFileSync(join(project.dir, "pages/insights/[slug].tsx"), INSIGHT_PAGE);
}

function writeInsights(project: ProjectCopy, list: PeerEntry[]): void {
  writeFileSync(join(project.dir, "content/insights.json"), JSON.stringify(list, null, 1));
}

function removeOurCaches(project: ProjectCopy): void {
  for (const output of [".cache", "dist", "dist-hosts"]) rmSync(join(project.dir, output), { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------
// Builds

/** The issue's limits on build ratios, by what the sites were grown by; none where it sets none. */
interface BuildLimits {
  cold?: number;
  rebuild?: number;
  edit?: number;
}

/** The JSON list's limits at N extra entries: the real site (N = 0) cold and with nothing changed, the list cold, and at 10,000 its rebuilds. */
function listLimits(extra: number): BuildLimits {
  if (extra === 0) return { cold: 1.0, rebuild: 0.3 };
  return { cold: [1000, 10000].includes(extra) ? 1.0 : undefined, ...(extra === 10000 ? { rebuild: 0.1, edit: 0.1 } : {}) };
}

/** The Markdown collection's size, and its limits: cold, and one note's title edited (our rebuild against Astro's build). */
const MARKDOWN_NOTES = 1000;
const MARKDOWN_LIMITS: BuildLimits = { cold: 1.0, edit: 0.1 };

/** RUNS of each side, alternating (ours, Astro's, ours, Astro's…), each run after its own preparation. */
async function alternate(ours: () => Promise<Run>, theirs: () => Promise<Run>): Promise<{ ours: Run[]; theirs: Run[] }> {
  const runs = { ours: [] as Run[], theirs: [] as Run[] };
  for (let i = 0; i < RUNS; i++) {
    runs.ours.push(await ours());
    runs.theirs.push(await theirs());
  }
  return runs;
}

function printBuildFigure(label: string, runs: { ours: Run[]; theirs: Run[] }, limit: number | undefined, what: string): void {
  const seconds = (list: Run[]) => list.map((run) => run.seconds);
  compare(label, seconds(runs.ours), seconds(runs.theirs), "s", 2, limit, what);
  const main = (list: Run[]) => list.map((run) => run.peakMb);
  const tree = (list: Run[]) => list.map((run) => run.treeMb);
  compare("  peak memory, main process", main(runs.ours), main(runs.theirs), "MB", 0, 1.0, `${what}, peak memory of the main process`);
  compare("  peak memory, with child processes", tree(runs.ours), tree(runs.theirs), "MB", 0, 1.0, `${what}, peak memory with child processes`);
  printVerification(runs.ours);
}

/** The "of which verification" line: how long ours ran, and html-validate's cost where it validated pages. */
function printVerification(runs: Run[]): void {
  const verified = runs.flatMap((run) => (run.verification ? [run.verification] : []));
  if (!verified.length) return;
  const seconds = verified.map((v) => v.seconds);
  const validated = verified.flatMap((v) => (v.validated ? [v.validated] : []));
  const msPerPage = validated.map((v) => v.msPerPage);
  const share = median(validated.map((v) => v.cpuShare * 100));
  const validation = validated.length
    ? `html-validate ${spread(msPerPage, 2, "ms CPU per page validated")}, ${share.toFixed(1)}% of the build's CPU`
    : "html-validate: every page known valid";
  console.log(`  of which verification (ours)           ran ${spread(seconds, 2, "s")}, ${validation}`);
}

/** Both sides as grown, built: once untimed, then cold, with nothing changed, and (given `edit`, which
 * makes each side's `n`th edit of one entry) with one entry edited, each figure printed with its limit. */
async function timeBuilds(
  what: string,
  project: ProjectCopy,
  peer: AstroPeer,
  limits: BuildLimits,
  edit?: { ours: (n: number) => void; theirs: (n: number) => void },
): Promise<void> {
  heading();
  // Untimed: each side's first build (Astro's warms its own caches).
  await ourBuild(project);
  await astroBuild(peer);

  const cold = await alternate(
    () => {
      removeOurCaches(project);
      return ourBuild(project);
    },
    () => {
      peer.removeCaches();
      return astroBuild(peer);
    },
  );
  printBuildFigure("cold (no caches)", cold, limits.cold, `${what}, cold`);

  const unchanged = await alternate(
    () => ourBuild(project),
    () => astroBuild(peer),
  );
  printBuildFigure("nothing changed: rebuild / Astro build", unchanged, limits.rebuild, `${what}, rebuild with nothing changed`);

  if (!edit) return;
  let ourEdit = 0;
  let theirEdit = 0;
  const edited = await alternate(
    () => {
      edit.ours(++ourEdit);
      return ourBuild(project);
    },
    () => {
      edit.theirs(++theirEdit);
      return astroBuild(peer);
    },
  );
  printBuildFigure("one entry edited: rebuild / Astro build", edited, limits.edit, `${what}, one entry edited`);
}

async function benchBuildsAt(extra: number, peer: AstroPeer): Promise<void> {
  const list = entries(extra);
  const project = copyProject({ warm: false });
  try {
    if (extra > 0) addInsights(project, peer, list);
    peer.writeEntries(list);
    const what = extra === 0 ? "the real site (N = 0)" : `N = ${extra}`;
    console.log(`\n${what}: ours ${extra === 0 ? "as it is" : `+${extra} entries of pages/insights/[slug].tsx`}, Astro's peer +${extra} entries`);
    const edit = {
      ours: (n: number) => writeInsights(project, edited(list, n)),
      theirs: (n: number) => peer.writeEntries(edited(list, n)),
    };
    await timeBuilds(what, project, peer, listLimits(extra), extra === 0 ? undefined : edit);
  } finally {
    project.remove();
  }
}

/** Both sides grown by the same MARKDOWN_NOTES Markdown files: the peer's own collection (gen-notes.mjs),
 * and ours as a folder collection of the files it wrote (commands/support/markdown-notes.ts). */
async function benchMarkdownBuilds(peer: AstroPeer): Promise<void> {
  const project = copyProject({ warm: false });
  try {
    peer.writeEntries([]);
    peer.writeNotes(MARKDOWN_NOTES);
    addNotes(project, peer.dir);
    const what = `N = ${MARKDOWN_NOTES} Markdown notes`;
    console.log(
      `\n${what}: ours +${MARKDOWN_NOTES} files of content/notes/ (a folder collection) and pages/notes/[slug].tsx, Astro's peer the same files (its gen-notes.mjs); the edit: ${EDITED_NOTE}'s title`,
    );
    const original = readFileSync(join(peer.dir, EDITED_NOTE), "utf8");
    await timeBuilds(what, project, peer, MARKDOWN_LIMITS, {
      ours: (n) => retitleNote(project.dir, original, n),
      theirs: (n) => retitleNote(peer.dir, original, n),
    });
  } finally {
    peer.removeNotes();
    project.remove();
  }
}

async function benchBuilds(peer: AstroPeer): Promise<void> {
  console.log(`\nBuilds: ours beside Astro's peer, ${RUNS} runs each, alternating; wall time of the whole build process, peak resident memory`);
  for (const extra of GROWTH) await benchBuildsAt(extra, peer);
  await benchMarkdownBuilds(peer);
}

// ---------------------------------------------------------------------------------------------------
// The dev loop

/** CPU time so far (clock ticks) of every process working in this folder. */
function cpuTicksIn(dir: string): number {
  let ticks = 0;
  for (const pid of processIds()) {
    try {
      if (!readlinkSync(`/proc/${pid}/cwd`).startsWith(dir)) continue;
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15
    } catch {
      // It exited while it was read.
    }
  }
  return ticks;
}

/** Waits until the processes working in these folders have been idle (under a tenth of a core) for half a second. */
async function settle(dirs: string[], limitMs = 30_000): Promise<void> {
  const started = Date.now();
  const ticks = () => dirs.reduce((sum, dir) => sum + cpuTicksIn(dir), 0);
  for (;;) {
    const before = ticks();
    await new Promise((done) => setTimeout(done, 500));
    if (ticks() - before < 5 || Date.now() - started > limitMs) return;
  }
}

/** In the page, once: `window.benchStyles` fires "change" after a constructed stylesheet is adopted or
 * its text replaced (in a microtask, as a MutationObserver's callback runs after a DOM mutation). */
const STYLESHEET_CHANGES = `if (!window.benchStyles) {
  window.benchStyles = new EventTarget();
  const changed = () => queueMicrotask(() => window.benchStyles.dispatchEvent(new Event("change")));
  const adopted = Object.getOwnPropertyDescriptor(Document.prototype, "adoptedStyleSheets");
  Object.defineProperty(document, "adoptedStyleSheets", { configurable: true, get() { return adopted.get.call(this); }, set(sheets) { adopted.set.call(this, sheets); changed(); } });
  const replaceSync = CSSStyleSheet.prototype.replaceSync;
  CSSStyleSheet.prototype.replaceSync = function (text) { replaceSync.call(this, text); changed(); };
  const replace = CSSStyleSheet.prototype.replace;
  CSSStyleSheet.prototype.replace = function (text) { return replace.call(this, text).then((sheet) => { changed(); return sheet; }); };
}`;

/**
 * In the page: `window.benchShown`, a promise of the time the probe first holds: at once if it holds now
 * (on a reloaded page, the time its DOM was ready), else at the first change (DOM or stylesheet) or frame
 * where it does; `window.benchStop()` stops watching. A string, not a function: tsx would wrap a named
 * inner function in a helper the page lacks.
 */
const armProbe = (probe: Probe, reloaded: boolean) => `${STYLESHEET_CHANGES}
window.benchShown = new Promise((done) => {
  const holds = () => { try { return ${probe}; } catch { return false; } };
  if (holds()) return done(${reloaded ? `performance.timeOrigin + performance.getEntriesByType("navigation")[0].domContentLoadedEventStart` : "Date.now()"});
  let found = false;
  const stop = () => {
    found = true;
    observer.disconnect();
    window.benchStyles.removeEventListener("change", check);
  };
  window.benchStop = stop;
  const check = () => {
    if (found || !holds()) return;
    stop();
    done(Date.now());
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  window.benchStyles.addEventListener("change", check);
  const frame = () => { check(); if (!found) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
}); undefined`;

interface Shown {
  /** Null when the page had not shown the save after SHOWN_WITHIN_MS. */
  ms: number | null;
  /** The save showed in a reloaded page (else it was patched into the open one). */
  byReload: boolean;
  /** The page reloaded after the save had shown, before the next save (Astro does so after a style save). */
  reloadedAfter: boolean;
}

/** Whether the probe holds before the save. A page that reloads meanwhile is asked again once loaded:
 * astro dev reloaded its page after the last block's file was put back, while the next block's first
 * save was being prepared, and the question failed with the document it was put to (2 of 5 runs). */
async function holdsBefore(page: Page, probe: Probe): Promise<boolean> {
  for (;;) {
    try {
      return await page.evaluate<boolean>(`(() => { try { return ${probe}; } catch { return false; } })()`);
    } catch (error) {
      if (!/Execution context was destroyed/.test((error as Error).message)) throw error;
      await page.waitForLoadState("load");
    }
  }
}

/** Milliseconds from the save until the open page shows it, whether patched in place or reloaded. */
async function untilShown(page: Page, save: () => void, probe: Probe): Promise<Omit<Shown, "reloadedAfter">> {
  if (await holdsBefore(page, probe)) {
    throw new Error(`the page shows the save before it is made (${probe}): each save must show something new`);
  }
  let savedAt = 0;
  let settled = false;
  let report = (_byReload: boolean) => {};
  const shown = new Promise<Omit<Shown, "reloadedAfter">>((resolve) => {
    const finish = (result: Omit<Shown, "reloadedAfter">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      page.off("domcontentloaded", onReload);
      resolve(result);
    };
    report = (byReload) => {
      page.evaluate<number>("window.benchShown").then(
        (at) => finish({ ms: at - savedAt, byReload }),
        () => {
          // The page navigated: the reloaded document reports instead.
        },
      );
    };
    const onReload = () => {
      page.evaluate(armProbe(probe, true)).then(
        () => report(true),
        () => {
          // Reloaded again before it could be read.
        },
      );
    };
    const timer = setTimeout(() => {
      finish({ ms: null, byReload: false });
      page.evaluate("window.benchStop?.()").catch(() => {
        // The page is between documents: nothing is watching.
      });
    }, SHOWN_WITHIN_MS);
    page.on("domcontentloaded", onReload);
  });
  await page.evaluate(armProbe(probe, false));
  report(false);
  savedAt = Date.now();
  save();
  return shown;
}

/** A side of the dev loop: a server's origin, the folder it serves from, a page open on it, and that page's navigations. */
interface Side {
  origin: string;
  dir: string;
  page: Page;
  navigations: number;
  lastNavigationAt: number;
}

function sideOf(origin: string, dir: string, page: Page): Side {
  const side = { origin, dir, page, navigations: 0, lastNavigationAt: 0 };
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    side.navigations++;
    side.lastNavigationAt = Date.now();
  });
  return side;
}

/** Opens the route unless it is open, and lets the page finish its own start-up (hydration, Vite's dependency scan). */
async function open(side: Side, route: string): Promise<void> {
  const url = `${side.origin}${route}`;
  if (side.page.url() === url) return;
  await side.page.goto(url);
  await side.page.waitForTimeout(1500);
}

/** The gap between saves: SAVE_GAP_MS after the save showed, and after any reload that followed it, once loaded. */
async function gap(side: Side, shownAt: number): Promise<void> {
  for (;;) {
    const wait = Math.max(shownAt, side.lastNavigationAt) + SAVE_GAP_MS - Date.now();
    if (wait <= 0) return side.page.waitForLoadState("load");
    await side.page.waitForTimeout(wait);
  }
}

/** `count` saves of one kind, SAVE_GAP_MS apart, in place and by rename alternately. Given `restored`,
 * each save is followed by the file as it was, untimed, until the page shows `restored` (a broken save's
 * overlay gone), so that every save is made to the good file. */
async function timeSaves(side: Side, edit: Edit, count = SAVES, restored?: Probe): Promise<Shown[]> {
  await open(side, edit.route);
  const original = readFileSync(join(side.dir, edit.file), "utf8");
  const shown: Shown[] = [];
  for (let i = 1; i <= count; i++) {
    const save = i % 2 ? saveInPlace : saveByRename;
    const navigations = side.navigations;
    const result = await untilShown(side.page, () => save(side.dir, edit.file, edit.text(original, i)), edit.probe(i));
    await gap(side, Date.now());
    const reloads = side.navigations - navigations - (result.byReload ? 1 : 0);
    shown.push({ ...result, reloadedAfter: reloads > 0 });
    if (restored === undefined) continue;
    // A save never shown may leave the page showing `restored` already: then the restore is only saved.
    const back = result.ms === null ? undefined : await untilShown(side.page, () => save(side.dir, edit.file, original), restored);
    if (!back) saveInPlace(side.dir, edit.file, original);
    else if (back.ms === null) throw new Error(`${edit.file} was saved as it was, and the page never showed it (${restored})`);
    await gap(side, Date.now());
  }
  // The file as it was, for the next kind that edits it (the next block waits until that update is done).
  saveInPlace(side.dir, edit.file, original);
  return shown;
}

/** The times of the saves that showed (the figures are theirs; howShown counts the others). */
const shownMs = (shown: Shown[]) => shown.flatMap((save) => (save.ms === null ? [] : [save.ms]));

/**
 * How the saves reached the page: patched in place or by a reload, whether a reload followed anyway, and
 * how many never showed. Astro's dev server loses a style save now and then (seen only for saves written
 * in place): its hot update arrives, the page reloads as it does after every style save, and the reloaded
 * page's stylesheet was empty (the file read while truncated, it seems) until the next save.
 */
function howShown(shown: Shown[]): string {
  const count = (test: (save: Shown) => boolean) => shown.filter(test).length;
  const of = (n: number) => (n === shown.length ? "" : ` (${n} of ${shown.length})`);
  const lost = count((save) => save.ms === null);
  const byReload = count((save) => save.byReload);
  const after = count((save) => save.reloadedAfter);
  const way = byReload === 0 ? "patched in place" : `reloaded${of(byReload)}`;
  const then = after === 0 ? way : `${way}, then reloaded${of(after)}`;
  return lost === 0 ? then : `${then}; ${lost} of ${shown.length} NEVER SHOWN (${SHOWN_WITHIN_MS / 1000} s)`;
}

async function benchDevLoop(peer: AstroPeer): Promise<void> {
  console.log(
    `\nDev loop: from a save to the open page showing it (${SAVES} saves of each kind ${SAVE_GAP_MS} ms apart, in place and by rename alternately; our dev server, then astro dev)`,
  );
  peer.writeEntries([]);
  const project = copyProject();
  const [dev, firstAstro, browser] = await Promise.all([startDevServer(project.dir), startAstroDev(peer.dir), launchBrowser()]);
  let astro = firstAstro;
  try {
    const ours = sideOf(dev.origin, project.dir, await browser.newPage());
    const theirs = sideOf(astro.origin, peer.dir, await browser.newPage());
    const quiet = () => settle([project.dir, peer.dir]);
    heading();
    for (const kind of DEV_COMPARISONS) {
      await quiet();
      const our = await timeSaves(ours, kind.ours);
      await quiet();
      const their = await timeSaves(theirs, kind.astro);
      compare(kind.label, shownMs(our), shownMs(their), "ms", 0, kind.limit, `dev loop, ${kind.label}`);
      const lost = our.filter((save) => save.ms === null).length;
      if (lost) verdicts.push({ met: false, label: `dev loop, ${kind.label}: ${lost} of ${our.length} of our saves never shown` });
      row("", `  ${howShown(our)}`, `  ${howShown(their)}`, "");
    }
    // A Markdown entry's save against the peer's dev server restarted with its notes collection on (the
    // kinds above are timed against its real shape, which has none); then the same file broken.
    await astro.stop();
    await theirs.page.close();
    peer.writeNotes(DEV_NOTES);
    astro = await startAstroDev(peer.dir);
    const notes = sideOf(astro.origin, peer.dir, await browser.newPage());
    await quiet();
    const good = await timeSaves(ours, MARKDOWN_SAVE.ours);
    await quiet();
    const their = await timeSaves(notes, MARKDOWN_SAVE.astro);
    compare(MARKDOWN_SAVE.label, shownMs(good), shownMs(their), "ms", 0, MARKDOWN_SAVE.limit, `dev loop, ${MARKDOWN_SAVE.label} (Astro: ${DEV_NOTES} notes)`);
    row("", `  ${howShown(good)}`, `  ${howShown(their)}, ${DEV_NOTES} notes`, "");
    await quiet();
    const broken = await timeSaves(ours, SCHEMA_ERROR, SAVES, OVERLAY_CLEARED);
    // Ours against ours: the second column is our good save of the same file, just above.
    compare(
      "schema error on screen / good save",
      shownMs(broken),
      shownMs(good),
      "ms",
      0,
      1.0,
      "dev loop, a schema error on screen against a good save of the same file (ours both)",
    );
    row("", `  ${howShown(broken)}`, "  ours, the good save above", "");
    for (const [label, saves] of [
      [MARKDOWN_SAVE.label, good],
      ["schema error", broken],
    ] as const) {
      const lost = saves.filter((save) => save.ms === null).length;
      if (lost) verdicts.push({ met: false, label: `dev loop, ${label}: ${lost} of ${saves.length} of our saves never shown` });
    }

    await quiet();
    await ours.page.setViewportSize({ width: 375, height: 800 });
    const island = await timeSaves(ours, ISLAND_EDIT, 5);
    row("island edit (ours only)", spread(shownMs(island), 0, "ms"), "", "");
    row("", `  ${howShown(island)}`, "", "");
  } finally {
    await browser.close();
    await Promise.all([dev.stop(), astro.stop()]);
    peer.removeNotes();
    project.remove();
  }
}

function printVerdicts(): void {
  if (!verdicts.length) return;
  console.log("\nThe issue's limits (ours / Astro's, ratio of medians)");
  for (const { met, label } of verdicts) console.log(`  ${met ? "met    " : "NOT MET"}  ${label}`);
}

/** The next page after a press on a header link, with the site's speculation rules and without (limit: prefetched ≤ 150 ms). */
async function benchNavigation(): Promise<void> {
  const pairs = 10;
  console.log(
    `\nNavigation: press on a header link to the next page's first contentful paint (Chromium, dist/ on loopback with ${ADDED_LATENCY_MS} ms added to every response, ${pairs} pairs alternating)`,
  );
  const { prefetched, baseline, prerender } = await timeNavigation(pairs);
  const ms = (trials: { ms: number }[]) => trials.map((trial) => trial.ms);
  const how = (trials: { delivery: string }[]) => [...new Set(trials.map((trial) => trial.delivery || "network"))].join(", ");
  console.log(`  with the rules (prefetched on hover):  ${spread(ms(prefetched), 0, "ms")}  (delivered: ${how(prefetched)})`);
  console.log(`  without them, the same rest on the link: ${spread(ms(baseline), 0, "ms")}  (delivered: ${how(baseline)})`);
  const met = median(ms(prefetched)) <= 150;
  verdicts.push({
    met,
    label: `navigation, prefetched: ${median(ms(prefetched)).toFixed(0)} ms (limit ≤ 150 ms; ${median(ms(baseline)).toFixed(0)} ms without the rules)`,
  });
  const refused = [...new Set(prerender)];
  console.log(`  prerender on press, as Chromium reported it under automation: ${refused.join("; ") || "never attempted"}`);
  // Prerendered, in a Chromium with no automation attached: a harness page prerenders the next page, then goes to it.
  const { prerendered, baseline: straight } = await timePrerender(chromePath(), pairs);
  const shownMs = (trials: { ms: number }[]) => trials.map((trial) => trial.ms);
  const allPrerendered = prerendered.every((trial) => trial.prerendered);
  const early = prerendered.filter((trial) => trial.analyticsBeforeShown).length;
  console.log(
    `  prerendered (Chromium without automation, from the navigation): ${spread(shownMs(prerendered), 0, "ms")}  (${prerendered.filter((t) => t.prerendered).length} of ${prerendered.length} prerendered; analytics started before the page was shown in ${early})`,
  );
  console.log(`  the same navigation from the network:                            ${spread(shownMs(straight), 0, "ms")}`);
  verdicts.push({
    met: allPrerendered && early === 0 && median(shownMs(prerendered)) <= 60,
    label: `navigation, prerendered: ${median(shownMs(prerendered)).toFixed(0)} ms (limit ≤ 60 ms; ${median(shownMs(straight)).toFixed(0)} ms from the network; analytics before shown: ${early} of ${prerendered.length})`,
  });
}

if (ONLY === "navigation") {
  await benchNavigation();
  printVerdicts();
} else {
  console.log("Installing Astro's peer in a temporary copy (npm install)…");
  const installStarted = performance.now();
  const peer = installAstroPeer();
  console.log(`  installed in ${((performance.now() - installStarted) / 1000).toFixed(1)} s at ${peer.dir}`);
  try {
    if (ONLY !== "dev") await benchBuilds(peer);
    if (ONLY !== "build") await benchDevLoop(peer);
    if (!ONLY) await benchNavigation();
    printVerdicts();
  } finally {
    peer.remove();
  }
}
