// The build figures: both sides grown (by N entries, then by Markdown notes), built cold, with nothing changed
// and with one entry edited (our rebuild against Astro's build, which has no incremental one), runs alternating.
// Each build is timed from outside, as a developer runs it: its wall time, and its peak memory from /proc (the
// main process's high-water mark, and the sum of the resident sets of it and every process it started).
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { processTree } from "../support/processes.ts";
import { BUILD_COMMAND, copyEnv, copyProject, type ProjectCopy } from "../support/project-copy.ts";
import { ASTRO_CLI, ASTRO_ENV, type AstroPeer } from "./astro-peer.ts";
import { addInsights, addNotes, EDITED_NOTE, edited, entries, retitleNote, writeInsights } from "./growth.ts";
import { compare, heading, median, spread } from "./report.ts";

const MARKDOWN_NOTES = 1000;
type Run = { seconds: number; peakMb: number; treeMb: number; output: string };
type Preparation = { ours: (run: number) => void; theirs: (run: number) => void };
const statusKb = (pid: number | string, field: string) => {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0; // it has just exited
  }
};

/** `node args`, timed; fails with its output when it fails. The high-water mark sampled every 10 ms, the tree every 100 ms. */
function timed(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let [output, seconds, peakKb, treeKb, ticks] = ["", 0, 0, 0, 0];
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const sample = setInterval(() => {
      peakKb = Math.max(peakKb, statusKb(child.pid!, "VmHWM"));
      const tree = ticks++ % 10 === 0 ? processTree(child.pid!) : [];
      treeKb = Math.max(
        treeKb,
        tree.reduce((sum, pid) => sum + statusKb(pid, "VmRSS"), 0),
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

/** The "of which verification" line, from our builds' own reports: how long it ran, and html-validate's CPU. */
function printVerification(outputs: string[]): void {
  const ran = outputs.flatMap((output) => /verification ran ([\d.]+) s/.exec(output)?.[1] ?? []).map(Number);
  if (!ran.length) return;
  const validated = outputs.flatMap((output) => {
    const perPage = /html-validate ([\d.]+) ms CPU per page over (\d+) pages/.exec(output);
    const cpu = /([\d.]+) s CPU in all threads/.exec(output);
    return perPage && cpu ? [{ ms: Number(perPage[1]), percent: (Number(perPage[1]) * Number(perPage[2])) / 10 / Number(cpu[1]) }] : [];
  });
  const [ms, percent] = [validated.map((v) => v.ms), validated.map((v) => v.percent)];
  const cost = ms.length
    ? `html-validate ${spread(ms, 2, "ms CPU per page validated")}, ${median(percent).toFixed(1)}% of the build's CPU`
    : "html-validate: every page known valid";
  console.log(`  of which verification (ours)           ran ${spread(ran, 2, "s")}, ${cost}`);
}

/** Both sides grown (`grow` grows a fresh copy of ours, and returns each side's edit of one entry where one is timed): built
 * once untimed (Astro's warms its caches), then cold, with nothing changed and edited, `runs` of each, alternating. */
type Limits = { cold?: number; rebuild?: number; edit?: number };
async function timeBuilds(peer: AstroPeer, runs: number, what: string, limits: Limits, grow: (project: ProjectCopy) => Preparation | undefined) {
  const project = copyProject({ warm: false });
  try {
    const edit = grow(project);
    const ourBuild = () => timed(BUILD_COMMAND, project.dir, copyEnv(project.dir));
    const astroBuild = () => timed([ASTRO_CLI, "build"], peer.dir, ASTRO_ENV);
    heading();
    await ourBuild();
    await astroBuild();
    const figure = async (label: string, limit: number | undefined, figureWhat: string, prepare: Preparation) => {
      const [ours, theirs]: Run[][] = [[], []];
      for (let run = 1; run <= runs; run++) {
        prepare.ours(run);
        ours.push(await ourBuild());
        prepare.theirs(run);
        theirs.push(await astroBuild());
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
    await figure("cold (no caches)", limits.cold, "cold", { ours: removeOurCaches, theirs: peer.removeCaches });
    await figure("nothing changed: rebuild / Astro build", limits.rebuild, "rebuild with nothing changed", { ours: () => {}, theirs: () => {} });
    if (edit) await figure("one entry edited: rebuild / Astro build", limits.edit, "one entry edited", edit);
  } finally {
    peer.removeNotes();
    project.remove();
  }
}

/** The build figures, `runs` of each: the real site (cold ≤ 1.0×, unchanged ≤ 0.3×), grown by each N of `growth` (cold
 * ≤ 1.0× at 1,000; at 10,000 ≤ 1.5×, its rebuilds reported, not raced), then by the Markdown notes (cold ≤ 1.0×, one edited ≤ 0.1×). */
export async function benchBuilds(peer: AstroPeer, runs: number, growth: number[]): Promise<void> {
  console.log(`\nBuilds: ours beside Astro's peer, ${runs} runs each, alternating; wall time of the whole build process, peak resident memory`);
  for (const extra of growth) {
    const what = extra === 0 ? "the real site (N = 0)" : `N = ${extra}`;
    console.log(`\n${what}: ours ${extra === 0 ? "as it is" : `+${extra} entries of pages/insights/[slug].tsx`}, Astro's peer +${extra} entries`);
    const limits = extra === 0 ? { cold: 1.0, rebuild: 0.3 } : { cold: { 1000: 1.0, 10000: 1.5 }[extra] };
    await timeBuilds(peer, runs, what, limits, (project) => {
      const list = entries(extra);
      if (extra > 0) addInsights(project, peer, list);
      peer.writeEntries(list);
      if (extra > 0) return { ours: (run) => writeInsights(project, edited(list, run)), theirs: (run) => peer.writeEntries(edited(list, run)) };
    });
  }
  const what = `N = ${MARKDOWN_NOTES} Markdown notes`;
  console.log(
    `\n${what}: ours +${MARKDOWN_NOTES} files of content/notes/ (a folder collection) and pages/notes/[slug].tsx, Astro's peer the same files (its gen-notes.mjs); the edit: ${EDITED_NOTE}'s title`,
  );
  await timeBuilds(peer, runs, what, { cold: 1.0, edit: 0.1 }, (project) => {
    peer.writeEntries([]);
    peer.writeNotes(MARKDOWN_NOTES);
    addNotes(project, peer.dir);
    const original = readFileSync(join(peer.dir, EDITED_NOTE), "utf8");
    return { ours: (run) => retitleNote(project.dir, original, run), theirs: (run) => retitleNote(peer.dir, original, run) };
  });
}
