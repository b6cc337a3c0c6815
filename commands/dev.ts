// npm run dev: one warm process that runs the build's own pipeline (build.ts) once, serves the site,
// and on every save runs it again, so only the steps the save feeds do work: a page, component or
// content save is patched into the open page in place (no reload: scroll, focus and what was typed
// stay); a style save swaps the stylesheet in place; a save to the islands' code reloads the page; an
// error shows over the page and the next good save clears it. Verification and the type check follow
// in the background. What is the dev server's own lives here: watching, serving, the page channel, the overlay.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import os from "node:os";
import { join, relative, sep } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import chokidar from "chokidar";
import * as esbuild from "esbuild";
import { Pipeline } from "../build.ts";
import { CACHE_DIR } from "../steps/cache.ts";
import { ConfigError, readConfig, readPaths, type SiteConfig } from "../steps/config.ts";
import type { WrittenPage } from "../steps/documents.ts";
import { pageBundler } from "../steps/pages.ts";
import { Validators } from "../steps/validate-html.ts";
import { verifyWritten } from "../steps/verify.ts";
import { serve } from "./serve.ts";

// The pages' React is loaded from node_modules once and kept across saves: its production build, as
// the build bundles it (the development build renders several times slower; the markup is the same).
process.env.NODE_ENV ??= "production";

/** The exit code that asks the supervisor for a fresh process: the build's own code changed. */
const RESTART = 75;
const CLIENT_PATH = "/__dev/client.js";
const EVENTS_PATH = "/__dev/events";
/** What the site is made of. steps/ and build.ts are the build's own code, and the settings files are read once: a change restarts the server. */
const WATCHED = [
  "pages",
  "components",
  "islands",
  "browser",
  "shared",
  "content",
  "styles",
  "public",
  "art",
  "steps",
  "build.ts",
  ".env",
  ".htmlvalidate.json",
  "tsconfig.json",
];
const RESTARTS_ON = /^(steps\/|build\.ts$|browser\/dev-client\.ts$|\.env$|tsconfig\.json$|\.htmlvalidate\.json$)/;
/** Background checks wait this long after an update, so the page is patched before they compete for the CPU. */
const CHECKS_AFTER_MS = 250;
/** Editors' swap, backup and temporary files are not saves, nor `sed -i`'s (sed + 6 characters, renamed
 * over the file it edits; seen as a save of its own, it made an empty update ahead of the real one). */
const NOT_A_SAVE = /(^|\/)\.|~$|\.swp$|\.tmp(\.|$)|(^|\/)4913$|(^|\/)sed[A-Za-z0-9]{6}$/;

/** The dev server's client, added to every page it serves (the files in dist/ are the build's own). */
const CLIENT_TAG = `<script type="module" async src="${CLIENT_PATH}"></script>`;
/** What a page shows while no build has succeeded yet: the client puts the error over it and reloads on the fix. */
const BUILD_FAILED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title>${CLIENT_TAG}</head><body><h1>The site did not build</h1><p>The error is shown over this page and in the terminal; save a fix and this page reloads.</p></body></html>`;

interface Problem {
  title: string;
  text: string;
}

const log = (line: string) => console.log(`[dev] ${line}`);

/** The part of a dev server that talks to open pages: a stream of events each page listens to. */
class Pages {
  private readonly streams = new Set<ServerResponse>();
  private readonly session = randomUUID();
  /** When the documents last changed, and the stylesheet they use: a page that connects later catches up. */
  private updatedAt = Date.now();
  private stylesheet = "";
  problem: Problem | null = null;
  private readonly notices = new Map<string, string>();

  attach(res: ServerResponse): void {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    // Reconnect quickly when the server restarts.
    res.write(`retry: 300\n${this.frame("hello", JSON.stringify({ session: this.session, updatedAt: this.updatedAt }))}`);
    if (this.stylesheet) res.write(this.frame("css", this.stylesheet));
    if (this.problem) res.write(this.frame("problem", JSON.stringify(this.problem)));
    if (this.notices.size) res.write(this.frame("notice", this.noticeData()));
    this.streams.add(res);
    res.on("close", () => this.streams.delete(res));
  }

  /** The documents of these routes changed: open pages patch themselves in place. */
  update(routes: string[]): void {
    this.updatedAt = Date.now();
    this.send("update", JSON.stringify(routes));
  }

  /** The browser code changed: open pages load again. `writtenAt`: a page loaded since then is already fresh. */
  reload(writtenAt: number): void {
    this.updatedAt = writtenAt;
    this.send("reload");
  }

  /** `css`: the stylesheet's text, which the page applies at once. */
  swapStylesheet(css: string): void {
    this.stylesheet = css;
    this.send("css", css);
  }

  send(event: string, data = ""): void {
    for (const res of this.streams) res.write(this.frame(event, data));
  }

  showProblem(problem: Problem | null): void {
    if (problem) this.send("problem", JSON.stringify(problem));
    else if (this.problem) this.send("clear");
    this.problem = problem;
  }

  /** Non-blocking findings (type errors, verification), one line of text per source; "" clears it. */
  notice(source: string, text: string): void {
    if ((this.notices.get(source) ?? "") === text) return;
    if (text) this.notices.set(source, text);
    else this.notices.delete(source);
    this.send("notice", this.noticeData());
  }

  private noticeData(): string {
    if (!this.notices.size) return "";
    return JSON.stringify({ title: [...this.notices.keys()].join(" and "), text: [...this.notices.values()].join("\n\n") });
  }

  private frame(event: string, data: string): string {
    return `event: ${event}\n${data
      .split("\n")
      .map((line) => `data: ${line}`)
      .join("\n")}\n\n`;
  }
}

/** The warm site: the build's own pipeline, run again on every save with its state kept. */
class DevSite {
  private readonly pipeline: Pipeline;
  /** The pages of the last good run, which the background verification reads back. */
  private written: WrittenPage[] | null = null;
  private verification = Promise.resolve();
  /** html-validate in a thread of its own at the lowest priority (a save never waits on verification),
   * started at the first verification so that a broken .htmlvalidate.json is reported, not fatal. */
  private validators: Validators | undefined;

  constructor(
    private readonly config: SiteConfig,
    private readonly pages: Pages,
  ) {
    this.pipeline = new Pipeline(config, { dev: true });
  }

  get outDir(): string {
    return this.config.outDir;
  }

  /** False until a first build succeeds: pages then get an error page that recovers on the next good save. */
  get built(): boolean {
    return this.written !== null;
  }

  /** Runs the pipeline for a batch of saved files; never throws: a failure is shown, and the next save
   * redoes every step the failed one's files feed. */
  async update(files: string[]): Promise<void> {
    const begun = performance.now();
    const first = !this.built;
    const stylesOnly = files.every((file) => file.startsWith("styles/"));
    try {
      const run = await this.pipeline.run(files, {
        // A style save reaches the open page before any document is written.
        stylesheetReady: (css) => this.pages.swapStylesheet(css),
        pagesWritten: ({ changed, scriptsChanged }) => {
          this.pages.showProblem(null);
          if (first) return;
          if (scriptsChanged) this.pages.reload(Date.now());
          else if (changed.length && !stylesOnly) this.pages.update(changed);
        },
      });
      this.written = run.pages;
      const summary = first
        ? "built the whole site"
        : stylesOnly
          ? "swapped the stylesheet"
          : `re-rendered ${run.rendered} page${run.rendered === 1 ? "" : "s"}${run.removed.length ? `, removed ${run.removed.join(", ")}` : ""}`;
      log(`${describe(files)}${summary} in ${Math.round(performance.now() - begun)} ms`);
      this.verifyLater();
    } catch (error) {
      const text = withSourceLines(await this.mapped(error as Error).catch(() => error as Error));
      this.pages.showProblem({ title: "Build error: the page shows the last good build until the next save fixes this", text });
      console.error(`[dev] ${describe(files)}build failed:\n${text}`);
    }
  }

  /**
   * The error again, from a page bundle with source maps, so its stack names the project's file and line.
   * The warm bundle has none (they cost a third of each save's rebuild), so this runs only on failure:
   * the pages are bundled with maps, loaded and rendered until the error recurs.
   */
  private async mapped(error: Error): Promise<Error> {
    const data = this.pipeline.site;
    if (!data || /do not compile/.test(error.message)) return error;
    const bundler = await pageBundler({ dev: true, sourceMaps: true });
    try {
      const { pages, renderer } = await bundler.load();
      for (const page of pages) renderer.renderBody(page, data);
      return error;
    } catch (again) {
      return again as Error;
    } finally {
      await bundler.dispose();
    }
  }

  /** Full verification after the page has been patched: reported in the terminal and on the page, never blocking. */
  private verifyLater(): void {
    this.verification = this.verification.then(async () => {
      await new Promise((done) => setTimeout(done, CHECKS_AFTER_MS));
      const pages = this.written ?? [];
      try {
        this.validators ??= new Validators(1, { background: true });
        await verifyWritten(
          this.config.outDir,
          pages.map((page) => page.file),
          this.config.siteUrl,
          this.validators,
        );
        this.pages.notice("Verification", "");
      } catch (error) {
        const text = (error as Error).message;
        console.error(`[dev] verification:\n${text}`);
        this.pages.notice("Verification", text);
      }
    });
  }
}

/** The message, and where in the project it was thrown (read through source maps: see DevSite.mapped). */
function withSourceLines(error: Error): string {
  const frames = (error.stack ?? "").split("\n").filter((line) => /\((?:file:\/\/)?[^)]*\/(pages|components|content|islands)\/[^)]+\)/.test(line));
  // Shown relative to the project, as the developer's editor names files.
  const local = (line: string) => line.trim().replace(`file://${process.cwd()}/`, "").replace(`${process.cwd()}/`, "");
  return [error.message, ...frames.slice(0, 4).map(local)].join("\n");
}

function describe(files: string[]): string {
  if (files.length === 0) return "";
  return `${files.length > 3 ? `${files.slice(0, 3).join(", ")} and ${files.length - 3} more` : files.join(", ")}: `;
}

/** The background type check: `schedule` after each update; `pause` and `resume` around one. */
interface TypeChecker {
  schedule(): void;
  pause(): void;
  resume(): void;
}

/**
 * The type check runs beside the dev server: its errors are shown, never block a reload. It runs under
 * `nice -n 19` from its start, and is paused (SIGSTOP) while an update is applied: tsc takes ~2 s over
 * several threads, and even at the lowest priority it slowed the next save's reload by a fifth, as the
 * two cores here share more than the scheduler divides. A run is never cut short: saves made meanwhile
 * get one more run after it, so a developer who saves every second still sees type errors.
 */
function typeChecker(pages: Pages): TypeChecker {
  let child: ChildProcess | null = null;
  let stale = false;
  let timer: NodeJS.Timeout | undefined;
  // A paused check must not outlive the server: stopped by SIGSTOP, it would keep Ctrl+C's or a
  // terminate's signal pending for ever. So the server ends by exiting, which kills it.
  process.once("exit", () => child?.kill("SIGKILL"));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));

  const signal = (name: NodeJS.Signals) => {
    try {
      child?.kill(name);
    } catch {
      // Gone already, or a system without job-control signals: the check simply runs on.
    }
  };

  function check() {
    stale = false;
    // Incremental: a check after a save rechecks what the save touched (~1 s of CPU where a whole check takes ~2).
    const tsc = [join("node_modules", ".bin", "tsc"), "--noEmit", "-p", ".", "--incremental", "--tsBuildInfoFile", join(CACHE_DIR, "tsc", "buildinfo")];
    const start = (command: string, args: string[]) => spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    child = start("nice", ["-n", "19", ...tsc]);
    child.once("error", () => {
      // No `nice` on this system: run it as it is.
      child = start(tsc[0], tsc.slice(1));
      collect(child);
    });
    collect(child);

    function collect(run: ChildProcess) {
      let output = "";
      run.stdout?.on("data", (chunk: Buffer) => {
        output += chunk;
      });
      run.on("close", (code) => {
        if (run !== child || code === null) return;
        child = null;
        // Saves came meanwhile: this result may be out of date, and the next run reports.
        if (stale) {
          timer = setTimeout(check, CHECKS_AFTER_MS);
          return;
        }
        const text = code === 0 ? "" : output.trim();
        if (text) console.error(`[dev] type errors (the page still reloads):\n${text}`);
        pages.notice("Type errors", text);
      });
    }
  }

  return {
    schedule() {
      if (child) {
        stale = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(check, CHECKS_AFTER_MS);
    },
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
  };
}

async function clientScript(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL("../browser/dev-client.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    target: "es2022",
    write: false,
  });
  return result.outputFiles[0].text;
}

/** Longer than chokidar's change throttle (50 ms), after which it reports a file's changes again. */
const SECOND_LOOK_MS = 80;

/** The file's bytes, as a digest; null when it is gone. */
function digestOf(path: string): string | null {
  try {
    return createHash("sha1").update(readFileSync(path)).digest("hex");
  } catch {
    return null;
  }
}

/**
 * chokidar drops every change to a file within 50 ms of the change it reported (its change throttle):
 * a second save that quickly, an autosave right behind a manual save or a formatter's rewrite, was lost
 * (the page kept the first; a test run caught a write-and-rename 30 ms after a save). So each reported
 * file is looked at again once that window has passed, and is saved again if its bytes differ from
 * what they were when it was reported. At worst that is one needless update, never a lost save.
 */
function secondLook(path: string, changedAgain: () => void): void {
  const reported = digestOf(path);
  setTimeout(() => {
    if (digestOf(path) !== reported) changedAgain();
  }, SECOND_LOOK_MS);
}

async function runServer(): Promise<void> {
  const { port } = readPaths();
  const pages = new Pages();
  const site = new DevSite(readConfig(), pages);
  const client = await clientScript();
  const withClient = (html: string) => html.replace("</head>", `${CLIENT_TAG}</head>`);
  const server = await serve(
    site.outDir,
    port,
    (path, res) => {
      if (path === EVENTS_PATH) pages.attach(res);
      else if (path === CLIENT_PATH) res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }).end(client);
      else if (!site.built) res.writeHead(503, { "Content-Type": "text/html; charset=utf-8" }).end(BUILD_FAILED_PAGE);
      else return false;
      return true;
    },
    withClient,
  ).catch((error: Error) => {
    throw new ConfigError(`cannot listen on port ${port} (${error.message}): set PORT to a free port, e.g. PORT=4174 npm run dev`);
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  console.log(`Dev server at http://127.0.0.1:${actualPort}/ (watching ${WATCHED.join(", ")}; Ctrl+C to stop)`);

  const types = typeChecker(pages);
  let pending = new Set<string>();
  let busy = false;
  let firstBuild = true;
  let timer: NodeJS.Timeout | undefined;
  // One update at a time; saves that arrive meanwhile (even during the first build) make the next one.
  const flush = async () => {
    if (busy) return;
    busy = true;
    while (firstBuild || pending.size) {
      firstBuild = false;
      const files = [...pending];
      pending = new Set();
      if (files.some((file) => RESTARTS_ON.test(file))) {
        log(`${describe(files)}the build's own code or settings changed: restarting`);
        process.exit(RESTART);
      }
      types.pause();
      await site.update(files);
      types.resume();
      types.schedule();
    }
    busy = false;
  };

  const saved = (file: string) => {
    pending.add(file);
    // Saves that land together (an atomic save's unlink and add, a formatter touching many files) are one update.
    clearTimeout(timer);
    timer = setTimeout(flush, 2);
  };
  const watcher = chokidar.watch(WATCHED, { ignoreInitial: true, ignored: (path) => NOT_A_SAVE.test(relative(process.cwd(), path).split(sep).join("/")) });
  watcher.on("all", (event, path) => {
    const file = relative(process.cwd(), path).split(sep).join("/");
    saved(file);
    if (event === "add" || event === "change") secondLook(path, () => saved(file));
  });
  watcher.on("error", (error) => console.error(`[dev] watching failed: ${(error as Error).message}`));
  await flush();
}

/** The supervisor: runs the server in a child process and starts a fresh one when the build's own code changes. */
function supervise(): void {
  const start = () => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: "inherit",
      env: { ...process.env, DEV_SERVER_CHILD: "1" },
    });
    child.on("exit", (code, signal) => {
      if (code === RESTART) start();
      else process.exit(code ?? (signal ? 1 : 0));
    });
  };
  start();
}

if (process.env.DEV_SERVER_CHILD === "1") {
  runServer().catch((error: Error) => {
    console.error(error instanceof ConfigError ? `Dev server: ${error.message}` : `Dev server failed: ${error.stack ?? error.message}`);
    process.exit(1);
  });
} else {
  supervise();
}
