// A build timed from outside, as a developer runs it: the wall time of the whole process, and its peak
// memory sampled from /proc (the main process's high-water mark, and the resident sets of it and every
// process it started); for ours, its own report of its verification.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { processTree } from "../support/processes.ts";
import { BUILD_COMMAND, copyEnv, type ProjectCopy } from "../support/project-copy.ts";
import { ASTRO_CLI, ASTRO_ENV, type AstroPeer } from "./astro-peer.ts";

export interface Run {
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
export async function ourBuild(project: ProjectCopy): Promise<Run> {
  const { output, ...run } = await timedProcess(BUILD_COMMAND, project.dir, copyEnv(project.dir));
  return { ...run, verification: verificationOf(output) };
}

/** `npx astro build` (without npx's own start-up). */
export async function astroBuild(peer: AstroPeer): Promise<Run> {
  const { output: _, ...run } = await timedProcess([ASTRO_CLI, "build"], peer.dir, ASTRO_ENV);
  return run;
}
