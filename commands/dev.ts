// npm run dev: one warm process that builds the site, serves it, and on every save redoes only what
// the save affects: a page, component, content or island edit re-renders the pages that import it
// and reloads the open page; a style edit swaps the stylesheet in place; an error shows over the page
// and the next good save clears it. Verification and the type check follow in the background.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { dirname, join, relative, sep } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import chokidar from "chokidar";
import * as esbuild from "esbuild";
import { type BuiltSite, build } from "../build.ts";
import { CACHE_DIR } from "../steps/cache.ts";
import { ConfigError, readConfig, readPaths } from "../steps/config.ts";
import { siteCsp } from "../steps/csp.ts";
import { buildImages } from "../steps/images.ts";
import { bundleIslands } from "../steps/islands.ts";
import { lastModifiedDates } from "../steps/lastmod.ts";
import { pageBundler } from "../steps/pages.ts";
import { writeCaseStudyPdfs } from "../steps/pdfs.ts";
import { copyPublic, readLogos } from "../steps/public-files.ts";
import type { RenderedBody, WrittenPage } from "../steps/render.ts";
import { outputFileOf } from "../steps/routes.ts";
import { siteData } from "../steps/site-data.ts";
import { sitemapXml } from "../steps/sitemap.ts";
import { buildStyles, styleCompiler } from "../steps/styles.ts";
import { Validators } from "../steps/validate-html.ts";
import { verifyBuild } from "../steps/verify.ts";
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
const RESTARTS_ON = /^(steps\/|build\.ts$|\.env$|tsconfig\.json$|\.htmlvalidate\.json$)/;
/** Background checks wait this long after an update, so the page reloads before they compete for the CPU. */
const CHECKS_AFTER_MS = 250;
/** Editors' swap, backup and temporary files are not saves. */
const NOT_A_SAVE = /(^|\/)\.|~$|\.swp$|\.tmp(\.|$)|(^|\/)4913$/;

/** What a page shows while no build has succeeded yet: the client puts the error over it and reloads on the fix. */
const BUILD_FAILED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title><script type="module" src="${CLIENT_PATH}"></script></head><body><h1>The site did not build</h1><p>The error is shown over this page and in the terminal; save a fix and this page reloads.</p></body></html>`;

/** What an update did: whether open pages reload, and a line for the terminal. */
interface Outcome {
  reload?: boolean;
  summary: string;
}

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

  /** `writtenAt`: when the documents on disk changed; a page loaded since then is already fresh. */
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

/** The warm site: everything the first build made, updated piece by piece. */
class DevSite {
  private site: BuiltSite | null = null;
  private readonly written = new Map<string, WrittenPage>();
  /** Saves not yet applied because the last update failed: they go into the next one. */
  private carried = new Set<string>();
  private verification = Promise.resolve();
  /** html-validate in a thread of its own at the lowest priority (a save never waits on verification),
   * started at the first verification so that a broken .htmlvalidate.json is reported, not fatal. */
  private validators: Validators | undefined;
  /** Sass, started with the server and kept running. */
  private readonly sass = styleCompiler();
  /** What the PDFs were last printed from: they are printed again only when it changes. */
  private printed = "";

  private constructor(
    private readonly config: ReturnType<typeof readConfig>,
    private readonly bundler: Awaited<ReturnType<typeof pageBundler>>,
    readonly client: string,
    private readonly pages: Pages,
  ) {}

  static async create(pages: Pages) {
    const [bundler, client] = await Promise.all([pageBundler({ dev: true }), clientScript()]);
    return new DevSite(readConfig(), bundler, client, pages);
  }

  get outDir(): string {
    return this.config.outDir;
  }

  /** False until a first build succeeds: pages then get an error page that recovers on the next good save. */
  get built(): boolean {
    return this.site !== null;
  }

  /** Applies a batch of saved files; never throws: a failure is shown and the files are kept for the next try. */
  async update(files: string[]): Promise<void> {
    const begun = performance.now();
    const changed = [...new Set([...this.carried, ...files])];
    try {
      const outcome = this.site ? await this.apply(changed) : await this.buildAll();
      const writtenAt = Date.now();
      this.carried.clear();
      this.pages.showProblem(null);
      if (outcome.reload) this.pages.reload(writtenAt);
      log(`${describe(files)}${outcome.summary} in ${Math.round(performance.now() - begun)} ms`);
      this.verifyLater();
    } catch (error) {
      this.carried = new Set(changed);
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
    if (!this.site || /do not compile/.test(error.message)) return error;
    const bundler = await pageBundler({ dev: true, sourceMaps: true });
    try {
      const { pages, renderer } = await bundler.load();
      const data = siteData(this.config, this.site.images, this.site.logos);
      for (const page of pages) renderer.renderBody(page, data);
      return error;
    } catch (again) {
      return again as Error;
    } finally {
      await bundler.dispose();
    }
  }

  private async buildAll(): Promise<Outcome> {
    this.site = await build(this.config, log, { bundler: this.bundler, extraScripts: [CLIENT_PATH], verify: false });
    // A file like the site's own scripts, so the page's CSP needs no exception for it.
    await mkdir(join(this.config.outDir, dirname(CLIENT_PATH)), { recursive: true });
    await writeFile(join(this.config.outDir, CLIENT_PATH), this.client);
    this.written.clear();
    for (const page of this.site.written) this.written.set(page.route, page);
    this.printed = JSON.stringify([this.site.loaded.renderer.caseStudies, this.site.loaded.renderer.company]);
    return { reload: true, summary: "built the whole site" };
  }

  private async apply(changed: string[]): Promise<Outcome> {
    const site = this.site!;
    const out = this.config.outDir;
    const inside = (folder: string) => changed.some((file) => file.startsWith(`${folder}/`));

    if (inside("styles")) {
      site.stylesheet = site.assets.stylesheet = await buildStyles(out, await this.sass);
      site.csp = site.assets.csp = siteCsp(this.config, site.scripts.bootstrap, site.stylesheet);
      if (changed.every((file) => file.startsWith("styles/"))) {
        // The open page gets the new stylesheet at once; the documents on disk follow for the next load.
        this.pages.swapStylesheet(site.stylesheet);
        this.remember(await site.loaded.renderer.writeDocuments(site.bodies, site.assets, out));
        return { summary: "swapped the stylesheet" };
      }
    }

    let everyPage = false;
    if (inside("art")) {
      site.images = await buildImages(out);
      site.assets.ogImage = site.images.ogImage;
      everyPage = true;
    }
    if (inside("public")) {
      await copyPublic(out);
      if (inside("public/logos")) {
        site.logos = await readLogos();
        everyPage = true;
      }
    }

    const code = changed.filter((file) => /^(pages|components|content|islands)\//.test(file));
    const before = new Map(site.bodies.map((body) => [body.page.route, body]));
    if (code.length) site.loaded = await this.bundler.load();
    const { pages, renderer, affectedBy } = site.loaded;
    const added = pages.filter((page) => !before.has(page.route));
    const routes = new Set(everyPage ? pages.map((page) => page.route) : [...affectedBy(code), ...added.map((page) => page.route)]);
    const removed = [...before.keys()].filter((route) => !pages.some((page) => page.route === route));

    const data = siteData(this.config, site.images, site.logos);
    const rendered = pages.filter((page) => routes.has(page.route)).map((page) => renderer.renderBody(page, data));
    const fresh = new Map(rendered.map((body) => [body.page.route, body]));
    site.bodies = pages.map((page) => fresh.get(page.route) ?? (before.get(page.route) as RenderedBody));

    // Islands are rebundled when their code or the islands a page uses changed.
    const usage = site.bodies.map((body) => ({ route: body.page.route, islands: body.islands }));
    const usageChanged = rendered.some((body) => JSON.stringify(body.islands) !== JSON.stringify(before.get(body.page.route)?.islands));
    let rewriteAll = everyPage || inside("styles");
    if (inside("islands") || usageChanged || added.length || removed.length) {
      site.scripts = await bundleIslands(usage, this.config, out);
      // The bootstrap names the runtime's file and is hashed into the policy: every page changes.
      site.assets.bootstrap = site.scripts.bootstrap;
      site.csp = site.assets.csp = siteCsp(this.config, site.scripts.bootstrap, site.stylesheet);
      rewriteAll = true;
    }
    this.remember(await renderer.writeDocuments(rewriteAll ? site.bodies : rendered, site.assets, out));

    for (const route of removed) {
      this.written.delete(route);
      await rm(join(out, outputFileOf(route)), { force: true });
    }
    if (added.length || removed.length) {
      const dates = await lastModifiedDates(new Map(pages.map((page) => [page.route, site.loaded.sourcesOf(page.route)])), this.config.buildDate);
      const entries = [...this.written.keys()].map((route) => ({ route, lastmod: dates.get(route) ?? this.config.buildDate.toISOString().slice(0, 10) }));
      await writeFile(join(out, "sitemap.xml"), sitemapXml(this.config.siteUrl, entries));
    }
    const printed = JSON.stringify([renderer.caseStudies, renderer.company]);
    if (printed !== this.printed) {
      this.printed = printed;
      await writeCaseStudyPdfs(renderer.caseStudies, renderer.company, this.config.siteUrl, this.config.buildDate, out);
    }

    const count = rewriteAll ? site.bodies.length : rendered.length;
    return { reload: true, summary: `re-rendered ${count} page${count === 1 ? "" : "s"}${removed.length ? `, removed ${removed.join(", ")}` : ""}` };
  }

  private remember(pages: WrittenPage[]): void {
    for (const page of pages) this.written.set(page.route, page);
  }

  /** Full verification after the page has reloaded: reported in the terminal and on the page, never blocking. */
  private verifyLater(): void {
    this.verification = this.verification.then(async () => {
      await new Promise((done) => setTimeout(done, CHECKS_AFTER_MS));
      try {
        this.validators ??= new Validators(1, { background: true });
        await verifyBuild(this.config.outDir, [...this.written.values()], this.config.siteUrl, this.validators);
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
  // A paused check must not outlive the server.
  process.once("exit", () => child?.kill("SIGKILL"));

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

async function runServer(): Promise<void> {
  const { port } = readPaths();
  const pages = new Pages();
  const site = await DevSite.create(pages);
  const server = await serve(site.outDir, port, (path, res) => {
    if (path === EVENTS_PATH) pages.attach(res);
    else if (path === CLIENT_PATH) res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }).end(site.client);
    else if (!site.built) res.writeHead(503, { "Content-Type": "text/html; charset=utf-8" }).end(BUILD_FAILED_PAGE);
    else return false;
    return true;
  }).catch((error: Error) => {
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

  const watcher = chokidar.watch(WATCHED, { ignoreInitial: true, ignored: (path) => NOT_A_SAVE.test(relative(process.cwd(), path).split(sep).join("/")) });
  watcher.on("all", (_event, path) => {
    pending.add(relative(process.cwd(), path).split(sep).join("/"));
    // Saves that land together (an atomic save's unlink and add, a formatter touching many files) are one update.
    clearTimeout(timer);
    timer = setTimeout(flush, 2);
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
