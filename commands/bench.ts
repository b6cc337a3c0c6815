// npm run bench: the build and the edit loop, timed in throwaway copies of the project (synthetic
// pages never touch the repository). Each figure is the median of several whole runs, with the
// minimum and maximum beside it; memory is the build process's peak resident set (VmHWM), sampled.
// Verification is shown apart, as the build reports it: how long it ran (from the first page written
// to its end), html-validate's CPU time per page validated, and its share of the build's CPU time.
//   npm run bench                  everything (about five minutes on two cores)
//   npm run bench -- --runs 3      fewer runs per figure
//   npm run bench -- --only build  or --only dev
//   npm run bench -- --pages 10000 the builds with this many extra pages (default 100,1000; a list is fine)
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser } from "./support/browser.ts";
import { saveByRename, saveInPlace, startDevServer } from "./support/dev-server.ts";
import { copyProject, type ProjectCopy, retitled } from "./support/project-copy.ts";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const RUNS = Number(argument("runs") ?? 5);
const ONLY = argument("only");
const GROWTH = [0, ...(argument("pages") ?? "100,1000").split(",").map(Number)];
const SAVES = 10;
/** Saves are spaced as an editor's autosave spaces them. */
const SAVE_GAP_MS = 400;

interface Run {
  seconds: number;
  peakMb: number;
  /** As the build reports its verification (absent when it validated nothing). */
  verification?: { seconds: number; msPerPage: number; cpuShare: number };
}

/** The build's own report of its verification and CPU time, from its output. */
function verificationOf(output: string): Run["verification"] {
  const ran = /verification ran ([\d.]+) s/.exec(output);
  const validated = /html-validate ([\d.]+) ms CPU per page over \d+ pages \(([\d.]+) s CPU\)/.exec(output);
  const cpu = /([\d.]+) s CPU in all threads/.exec(output);
  if (!ran || !validated || !cpu) return undefined;
  return { seconds: Number(ran[1]), msPerPage: Number(validated[1]), cpuShare: Number(validated[2]) / Number(cpu[1]) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const spread = (values: number[], digits: number, unit: string) =>
  `${median(values).toFixed(digits)} ${unit} (min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`;

/** One `npm run build` as a developer runs it (without npm's own start-up), timed from outside. */
function timedBuild(dir: string): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "commands/build.ts"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let peakKb = 0;
    let errors = "";
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk;
    });
    const sample = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      } catch {
        // The process has just exited.
      }
    }, 10);
    child.on("exit", (code) => {
      clearInterval(sample);
      if (code !== 0) fail(new Error(`the build failed in ${dir}:\n${errors}`));
      else done({ seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024, verification: verificationOf(output) });
    });
  });
}

async function repeat(label: string, prepare: () => void, dir: string): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    prepare();
    runs.push(await timedBuild(dir));
  }
  const seconds = runs.map((run) => run.seconds);
  console.log(
    `${label.padEnd(44)} ${spread(seconds, 2, "s")}  peak ${spread(
      runs.map((run) => run.peakMb),
      0,
      "MB",
    )}`,
  );
  const verified = runs.flatMap((run) => (run.verification ? [run.verification] : []));
  if (verified.length) {
    const share = median(verified.map((v) => v.cpuShare * 100));
    console.log(
      `${"  of which verification".padEnd(44)} ran ${spread(
        verified.map((v) => v.seconds),
        2,
        "s",
      )}  html-validate ${spread(
        verified.map((v) => v.msPerPage),
        2,
        "ms CPU per page",
      )}, ${share.toFixed(0)}% of the build's CPU`,
    );
  }
  return runs;
}

/** Copies of pages/privacy.tsx, each with its own title: the same shape as a real page. */
function addPages(project: ProjectCopy, count: number): void {
  const source = readFileSync(join(project.dir, "pages/privacy.tsx"), "utf8");
  for (let i = 1; i <= count; i++) {
    const name = `generated-${String(i).padStart(4, "0")}`;
    writeFileSync(join(project.dir, `pages/${name}.tsx`), retitled(source, `Privacy Policy ${i}`));
  }
}

async function benchBuilds(): Promise<void> {
  console.log(`\nBuilds (${RUNS} runs each; wall time of node --import tsx build.ts)`);
  const cold = (project: ProjectCopy) => () => rmSync(join(project.dir, ".cache"), { recursive: true, force: true });
  const unchanged: Record<number, number> = {};
  for (const extra of GROWTH) {
    const project = copyProject({ warm: false });
    try {
      addPages(project, extra);
      const what = extra === 0 ? "the real site" : `+${extra} pages`;
      await repeat(`${what}: cold (no cache)`, cold(project), project.dir);
      const warm = await repeat(`${what}: rebuild, nothing changed`, () => {}, project.dir);
      unchanged[extra] = median(warm.map((run) => run.seconds));
      if (extra > 0) {
        let edit = 0;
        const page = join(project.dir, "pages/generated-0001.tsx");
        const source = readFileSync(page, "utf8");
        await repeat(`${what}: rebuild after editing one page`, () => writeFileSync(page, retitled(source, `Privacy Policy 1, edit ${++edit}`)), project.dir);
      }
    } finally {
      project.remove();
    }
  }
  console.log("\nCost per extra page (rebuild, nothing changed; median minus the real site's median, over the pages added)");
  for (const extra of GROWTH) {
    const perPage = extra === 0 ? "(baseline)" : `${(((unchanged[extra] - unchanged[0]) / extra) * 1000).toFixed(2)} ms per page`;
    console.log(`  N = ${String(extra).padEnd(5)} ${unchanged[extra].toFixed(2)} s  ${perPage}`);
  }
}

async function benchDevLoop(): Promise<void> {
  console.log(
    `\nnpm run dev: from a save to the open page showing it (${SAVES} saves of each kind ${SAVE_GAP_MS} ms apart, in place and by rename alternately)`,
  );
  const project = copyProject();
  const [dev, browser] = await Promise.all([startDevServer(project.dir), launchBrowser()]);
  try {
    const page = await browser.newPage();
    await page.goto(`${dev.origin}/`);
    // As between saves: the page has finished its own start-up (fetching and hydrating islands when idle)
    // before the first save, which otherwise measured the browser's start-up along with the save.
    await page.waitForTimeout(1000);
    const read = (file: string) => readFileSync(join(project.dir, file), "utf8");
    /** Milliseconds from the save until the reloaded page's DOM was ready with the new text. */
    const untilReloaded = async (save: () => void, selector: string, text: string): Promise<number> => {
      const savedAt = Date.now();
      save();
      for (;;) {
        await page.waitForEvent("domcontentloaded", { timeout: 15_000 });
        const shown = await page.evaluate(
          ([selector, text]) => {
            if (document.querySelector(selector)?.textContent?.includes(text) !== true) return null;
            const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
            return performance.timeOrigin + navigation.domContentLoadedEventStart;
          },
          [selector, text] as const,
        );
        if (shown !== null) return shown - savedAt;
      }
    };

    /** Milliseconds from the save until the open page (patched, not reloaded) holds the new text. */
    const untilPatched = async (save: () => void, selector: string, text: string): Promise<number> => {
      // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
      const shown = page.evaluate<number>(`new Promise((done) => {
        const shows = () => document.querySelector(${JSON.stringify(selector)})?.textContent?.includes(${JSON.stringify(text)});
        if (shows()) return done(Date.now());
        new MutationObserver((_, observer) => {
          if (!shows()) return;
          observer.disconnect();
          done(Date.now());
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      })`);
      const savedAt = Date.now();
      save();
      return (await shown) - savedAt;
    };
    await page.evaluate(() => {
      (window as unknown as { kept: boolean }).kept = true;
    });
    const home = read("content/home.ts");
    const content: number[] = [];
    for (let i = 1; i <= SAVES; i++) {
      const text = `Save ${i}: why leaders choose`;
      const save = i % 2 ? saveInPlace : saveByRename;
      content.push(await untilPatched(() => save(project.dir, "content/home.ts", home.replace("Why leaders choose", text)), "#about-heading", text));
      await page.waitForTimeout(SAVE_GAP_MS);
    }
    const reloadedByContent = !(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept));
    console.log(
      `${"content edit, patched in place".padEnd(44)} ${spread(content, 0, "ms")}  (all ${content.length} arrived${reloadedByContent ? "; the page reloaded!" : ", no reload"})`,
    );

    const styles = read("styles/_base.scss");
    const style: number[] = [];
    for (let i = 1; i <= SAVES; i++) {
      const spacing = `${i}px`;
      // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
      const shown = page.evaluate<number>(`new Promise((done) => {
        const check = () => getComputedStyle(document.querySelector("#about-heading")).letterSpacing === "${spacing}" ? done(Date.now()) : requestAnimationFrame(check);
        check();
      })`);
      const savedAt = Date.now();
      saveByRename(project.dir, "styles/_base.scss", `${styles}\n#about-heading { letter-spacing: ${spacing}; }\n`);
      style.push((await shown) - savedAt);
      await page.waitForTimeout(SAVE_GAP_MS);
    }
    const reloaded = !(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept));
    console.log(`${"style edit, applied without reload".padEnd(44)} ${spread(style, 0, "ms")}${reloaded ? "  (the page reloaded!)" : ""}`);

    const menu = read("islands/MobileMenu.tsx");
    const island: number[] = [];
    await page.setViewportSize({ width: 375, height: 800 });
    for (let i = 1; i <= 5; i++) {
      const label = `Open ${i}`;
      const save = i % 2 ? saveInPlace : saveByRename;
      island.push(
        await untilReloaded(() => save(project.dir, "islands/MobileMenu.tsx", menu.replace(/\n(\s*)Open\n/, `\n$1${label}\n`)), ".site-menu__open", label),
      );
      await page.waitForTimeout(SAVE_GAP_MS);
    }
    console.log(`${"island edit, rebundled and reloaded".padEnd(44)} ${spread(island, 0, "ms")}`);
  } finally {
    await browser.close();
    await dev.stop();
    project.remove();
  }
}

if (ONLY !== "dev") await benchBuilds();
if (ONLY !== "build") await benchDevLoop();
