// The build figures: both sides grown (by N entries, then by Markdown notes), built cold, with nothing
// changed and with one entry edited (our rebuild against Astro's build, which has no incremental one), runs
// alternating. Each build is timed from outside, as a developer runs it: its wall time, and its peak memory
// from /proc (the main process's high-water mark, and the resident sets of it and every process it started).
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { processTree } from "../support/processes.ts";
import { BUILD_COMMAND, copyEnv, copyProject, type ProjectCopy } from "../support/project-copy.ts";
import { ASTRO_CLI, ASTRO_ENV, type AstroPeer } from "./astro-peer.ts";
import { addInsights, addNotes, EDITED_NOTE, edited, entries, retitleNote, writeInsights } from "./growth.ts";
import { compare, heading, median, spread } from "./report.ts";

/** The issue's limits, by what the sites were grown by: the real site cold and unchanged, the list cold
 * (at 10,000 within 1.5×, its rebuilds reported, not raced), the notes cold and with one title edited. */
interface BuildLimits {
  cold?: number;
  rebuild?: number;
  edit?: number;
}
const listLimits = (extra: number): BuildLimits => (extra === 0 ? { cold: 1.0, rebuild: 0.3 } : { cold: { 1000: 1.0, 10000: 1.5 }[extra] });
const MARKDOWN_NOTES = 1000;
const MARKDOWN_LIMITS: BuildLimits = { cold: 1.0, edit: 0.1 };

interface Run {
  seconds: number;
  /** The main process's peak resident set (VmHWM). */
  peakMb: number;
  /** The largest sum, as sampled, of the resident sets of the main process and all under it. */
  treeMb: number;
  output: string;
}

const statusKb = (pid: number | string, field: string) => {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0; // it has just exited
  }
};

/** `node args`, timed from outside; fails with its output when it fails. */
function timed(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const pid = child.pid as number;
    let [output, seconds, peakKb, treeKb, ticks] = ["", 0, 0, 0, 0];
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    // The high-water mark every 10 ms, the whole tree every 100 ms.
    const sample = setInterval(() => {
      peakKb = Math.max(peakKb, statusKb(pid, "VmHWM"));
      if (ticks++ % 10 === 0)
        treeKb = Math.max(
          treeKb,
          processTree(pid).reduce((sum, each) => sum + statusKb(each, "VmRSS"), 0),
        );
    }, 10);
    child.on("exit", () => {
      seconds = (performance.now() - started) / 1000;
      clearInterval(sample);
    });
    child.on("close", (code) => {
      if (code !== 0) fail(new Error(`${args.join(" ")} failed in ${cwd}:\n${output.slice(-4000)}`));
      else done({ seconds, peakMb: peakKb / 1024, treeMb: Math.max(treeKb, peakKb) / 1024, output });
    });
  });
}

const ourBuild = (project: ProjectCopy) => timed(BUILD_COMMAND, project.dir, copyEnv(project.dir));
const astroBuild = (peer: AstroPeer) => timed([ASTRO_CLI, "build"], peer.dir, ASTRO_ENV);

/** Each side's preparation of its `run`th build (from 1). */
interface Preparation {
  ours: (run: number) => void;
  theirs: (run: number) => void;
}

/** The "of which verification" line, from our build's own report: how long it ran, and html-validate's cost. */
function printVerification(outputs: string[]): void {
  const reports = outputs.flatMap((output) => {
    const ran = /verification ran ([\d.]+) s/.exec(output);
    const validated = /html-validate ([\d.]+) ms CPU per page over (\d+) pages/.exec(output);
    const cpu = /([\d.]+) s CPU in all threads/.exec(output);
    if (!ran) return [];
    const msPerPage = Number(validated?.[1]);
    return [{ seconds: Number(ran[1]), msPerPage, share: validated && cpu ? (msPerPage * Number(validated[2])) / 10 / Number(cpu[1]) : undefined }];
  });
  if (!reports.length) return;
  const validated = reports.filter((report) => report.share !== undefined);
  const validation = validated.length
    ? `html-validate ${spread(
        validated.map((v) => v.msPerPage),
        2,
        "ms CPU per page validated",
      )}, ${median(validated.map((v) => v.share as number)).toFixed(1)}% of the build's CPU`
    : "html-validate: every page known valid";
  console.log(
    `  of which verification (ours)           ran ${spread(
      reports.map((r) => r.seconds),
      2,
      "s",
    )}, ${validation}`,
  );
}

/** Both sides as grown: built once untimed (Astro's warms its caches), then cold, with nothing changed and
 * (given `edit`) with one entry edited, `runs` of each, alternating; each figure printed with its limit. */
async function timeBuilds(what: string, project: ProjectCopy, peer: AstroPeer, limits: BuildLimits, runs: number, edit?: Preparation): Promise<void> {
  heading();
  await ourBuild(project);
  await astroBuild(peer);
  const figure = async (label: string, limit: number | undefined, figureWhat: string, prepare: Preparation) => {
    const ours: Run[] = [];
    const theirs: Run[] = [];
    for (let run = 1; run <= runs; run++) {
      prepare.ours(run);
      ours.push(await ourBuild(project));
      prepare.theirs(run);
      theirs.push(await astroBuild(peer));
    }
    const both = (key: "seconds" | "peakMb" | "treeMb") => [ours.map((r) => r[key]), theirs.map((r) => r[key])] as const;
    compare(label, ...both("seconds"), "s", 2, limit, `${what}, ${figureWhat}`);
    compare("  peak memory, main process", ...both("peakMb"), "MB", 0, 1.0, `${what}, ${figureWhat}, peak memory of the main process`);
    compare("  peak memory, with child processes", ...both("treeMb"), "MB", 0, 1.0, `${what}, ${figureWhat}, peak memory with child processes`);
    printVerification(ours.map((r) => r.output));
  };
  const removeOurCaches = () => {
    for (const output of [".cache", "dist", "dist-hosts"]) rmSync(join(project.dir, output), { recursive: true, force: true });
  };
  await figure("cold (no caches)", limits.cold, "cold", { ours: removeOurCaches, theirs: () => peer.removeCaches() });
  await figure("nothing changed: rebuild / Astro build", limits.rebuild, "rebuild with nothing changed", { ours: () => {}, theirs: () => {} });
  if (edit) await figure("one entry edited: rebuild / Astro build", limits.edit, "one entry edited", edit);
}

/** The build figures, `runs` of each: the real site, then grown by each N of `growth`, then by the Markdown notes. */
export async function benchBuilds(peer: AstroPeer, runs: number, growth: number[]): Promise<void> {
  console.log(`\nBuilds: ours beside Astro's peer, ${runs} runs each, alternating; wall time of the whole build process, peak resident memory`);
  for (const extra of growth) {
    const list = entries(extra);
    const project = copyProject({ warm: false });
    try {
      if (extra > 0) addInsights(project, peer, list);
      peer.writeEntries(list);
      const what = extra === 0 ? "the real site (N = 0)" : `N = ${extra}`;
      console.log(`\n${what}: ours ${extra === 0 ? "as it is" : `+${extra} entries of pages/insights/[slug].tsx`}, Astro's peer +${extra} entries`);
      const edit = { ours: (run: number) => writeInsights(project, edited(list, run)), theirs: (run: number) => peer.writeEntries(edited(list, run)) };
      await timeBuilds(what, project, peer, listLimits(extra), runs, extra === 0 ? undefined : edit);
    } finally {
      project.remove();
    }
  }
  // Both grown by the same Markdown files: the peer's own collection (gen-notes.mjs), ours a folder collection of them.
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
