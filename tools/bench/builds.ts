// The build figures: both sides grown (by N entries, then by the Markdown notes), built cold, with
// nothing changed and with one entry edited (our rebuild against Astro's build, which has no incremental
// one), the runs alternating, each figure printed with its limit.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { copyProject, type ProjectCopy } from "../support/project-copy.ts";
import type { AstroPeer } from "./astro-peer.ts";
import { astroBuild, ourBuild, type Run } from "./build-timing.ts";
import { addInsights, addNotes, EDITED_NOTE, edited, entries, retitleNote, writeInsights } from "./growth.ts";
import { compare, heading, median, spread } from "./report.ts";

/** The issue's limits on build ratios, by what the sites were grown by; none where it sets none. */
interface BuildLimits {
  cold?: number;
  rebuild?: number;
  edit?: number;
}

/** The JSON list's limits at N extra entries: the real site (N = 0) cold and with nothing changed, the list
 * cold at 1,000; at 10,000 only cold within 1.5× (its rebuilds are reported, no longer raced). */
function listLimits(extra: number): BuildLimits {
  if (extra === 0) return { cold: 1.0, rebuild: 0.3 };
  return { cold: { 1000: 1.0, 10000: 1.5 }[extra] };
}

/** The Markdown collection's size, and its limits: cold, and one note's title edited (our rebuild against Astro's build). */
const MARKDOWN_NOTES = 1000;
const MARKDOWN_LIMITS: BuildLimits = { cold: 1.0, edit: 0.1 };

/** Each side's preparation of its `run`th build (numbered from 1). */
interface Preparation {
  ours: (run: number) => void;
  theirs: (run: number) => void;
}

/** `runs` builds of each side, alternating (ours, Astro's, ours, Astro's…), each after its own preparation. */
async function alternate(runs: number, project: ProjectCopy, peer: AstroPeer, prepare: Preparation): Promise<{ ours: Run[]; theirs: Run[] }> {
  const both = { ours: [] as Run[], theirs: [] as Run[] };
  for (let run = 1; run <= runs; run++) {
    prepare.ours(run);
    both.ours.push(await ourBuild(project));
    prepare.theirs(run);
    both.theirs.push(await astroBuild(peer));
  }
  return both;
}

function printBuildFigure(label: string, runs: { ours: Run[]; theirs: Run[] }, limit: number | undefined, what: string): void {
  const both = (key: "seconds" | "peakMb" | "treeMb") => [runs.ours.map((run) => run[key]), runs.theirs.map((run) => run[key])] as const;
  compare(label, ...both("seconds"), "s", 2, limit, what);
  compare("  peak memory, main process", ...both("peakMb"), "MB", 0, 1.0, `${what}, peak memory of the main process`);
  compare("  peak memory, with child processes", ...both("treeMb"), "MB", 0, 1.0, `${what}, peak memory with child processes`);
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

function removeOurCaches(project: ProjectCopy): void {
  for (const output of [".cache", "dist", "dist-hosts"]) rmSync(join(project.dir, output), { recursive: true, force: true });
}

/** Both sides as grown, built: once untimed, then cold, with nothing changed, and (given `edit`, which
 * makes each side's `run`th edit of one entry) with one entry edited, each figure printed with its limit. */
async function timeBuilds(what: string, project: ProjectCopy, peer: AstroPeer, limits: BuildLimits, runs: number, edit?: Preparation): Promise<void> {
  heading();
  // Untimed: each side's first build (Astro's warms its own caches).
  await ourBuild(project);
  await astroBuild(peer);
  const figure = async (label: string, limit: number | undefined, figureWhat: string, prepare: Preparation) =>
    printBuildFigure(label, await alternate(runs, project, peer, prepare), limit, `${what}, ${figureWhat}`);
  await figure("cold (no caches)", limits.cold, "cold", { ours: () => removeOurCaches(project), theirs: () => peer.removeCaches() });
  await figure("nothing changed: rebuild / Astro build", limits.rebuild, "rebuild with nothing changed", { ours: () => {}, theirs: () => {} });
  if (edit) await figure("one entry edited: rebuild / Astro build", limits.edit, "one entry edited", edit);
}

async function benchBuildsAt(extra: number, peer: AstroPeer, runs: number): Promise<void> {
  const list = entries(extra);
  const project = copyProject({ warm: false });
  try {
    if (extra > 0) addInsights(project, peer, list);
    peer.writeEntries(list);
    const what = extra === 0 ? "the real site (N = 0)" : `N = ${extra}`;
    console.log(`\n${what}: ours ${extra === 0 ? "as it is" : `+${extra} entries of pages/insights/[slug].tsx`}, Astro's peer +${extra} entries`);
    const edit: Preparation = {
      ours: (run) => writeInsights(project, edited(list, run)),
      theirs: (run) => peer.writeEntries(edited(list, run)),
    };
    await timeBuilds(what, project, peer, listLimits(extra), runs, extra === 0 ? undefined : edit);
  } finally {
    project.remove();
  }
}

/** Both sides grown by the same MARKDOWN_NOTES Markdown files: the peer's own collection (gen-notes.mjs),
 * and ours as a folder collection of the files it wrote (growth.ts). */
async function benchMarkdownBuilds(peer: AstroPeer, runs: number): Promise<void> {
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
    await timeBuilds(what, project, peer, MARKDOWN_LIMITS, runs, {
      ours: (run) => retitleNote(project.dir, original, run),
      theirs: (run) => retitleNote(peer.dir, original, run),
    });
  } finally {
    peer.removeNotes();
    project.remove();
  }
}

/** The build figures, `runs` of each: the real site, then grown by each N of `growth`, then by the Markdown notes. */
export async function benchBuilds(peer: AstroPeer, runs: number, growth: number[]): Promise<void> {
  console.log(`\nBuilds: ours beside Astro's peer, ${runs} runs each, alternating; wall time of the whole build process, peak resident memory`);
  for (const extra of growth) await benchBuildsAt(extra, peer, runs);
  await benchMarkdownBuilds(peer, runs);
}
