// The link check reads every page a build writes, linked to or not, and tells broken external links
// from sites that refuse robots, rate limits and slow answers: proven against a stand-in for the outside
// world on 127.0.0.1 (no test reaches the internet).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { checkExternalLinks } from "../../tools/links/external.ts";
import { reportOf } from "../../tools/links/report.ts";
import { type CheckPolicy, verdictOf } from "../../tools/links/verdict.ts";
import { checkLinks } from "../../tools/links.ts";

/** Small enough to keep the file fast; the timeout long enough for a loaded machine's loopback to answer in time
 * (the servers here answer from this process: a file sharing it must never block it, as a synchronous
 * build did, which held the 404's answer past any timeout). */
const POLICY: CheckPolicy = { timeoutMs: 1000, tries: 2, retryPauseMs: 20, rateLimitTries: 3, longestWaitMs: 1500, redirects: 5 };

/** Each request the stand-in saw: its path and when (ms). */
const requests: { path: string; at: number }[] = [];
let busyAnswered = false;
const held: ServerResponse[] = [];

/** The outside world: each path answers as one kind of site does. */
function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? "/";
  requests.push({ path, at: performance.now() });
  const routes: Record<string, () => void> = {
    "/fine": () => res.writeHead(200, { "content-type": "text/html" }).end("<p>here</p>"),
    "/gone": () => res.writeHead(404).end("not here"),
    "/busy": () => {
      if (busyAnswered) res.writeHead(200).end("here, at last");
      else res.writeHead(429, { "retry-after": "1" }).end("slow down");
      busyAnswered = true;
    },
    "/always-busy": () => res.writeHead(429, { "retry-after": "0" }).end("slow down"),
    "/slow-down": () => res.writeHead(429, { "retry-after": "3600" }).end("come back in an hour"),
    "/down": () => res.writeHead(503).end("down"),
    "/refuses": () => res.writeHead(999).end("no robots"),
    "/moved": () => res.writeHead(301, { location: "/moved-again" }).end(),
    "/moved-again": () => res.writeHead(302, { location: `http://${req.headers.host}/arrived` }).end(),
    "/arrived": () => res.writeHead(200).end("arrived"),
    "/loop": () => res.writeHead(302, { location: "/loop" }).end(),
    // Never answers: the check must give up on its own.
    "/hangs": () => held.push(res),
  };
  (routes[path] ?? (() => res.writeHead(404).end()))();
}

let world: Server;
let w = "";
let dist = "";

before(async () => {
  world = createServer(answer);
  await new Promise<void>((done) => world.listen(0, "127.0.0.1", done));
  w = `http://127.0.0.1:${(world.address() as AddressInfo).port}`;
  dist = mkdtempSync(join(tmpdir(), "link-check-"));
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main id="top">${body}</main></body></html>`;
  writeFileSync(join(dist, "index.html"), page("Home", `<a href="/about">About</a>`));
  writeFileSync(join(dist, "about.html"), page("About", `<a href="/">Home</a> <a href="https://example.com/contact">Contact</a>`));
  // No page links to this one; it holds the outside world.
  mkdirSync(join(dist, "notes"));
  writeFileSync(
    join(dist, "notes", "orphan.html"),
    page(
      "Orphan",
      [
        `<a href="${w}/fine">A page that is there</a>`,
        `<a href="${w}/gone">Rise &amp; fall of an article <span class="visually-hidden">(opens in a new tab)</span></a>`,
        `<a href="${w}/busy">A busy site</a>`,
        `<a href="${w}/refuses" aria-label="Us on LinkedIn"><svg aria-hidden="true"><path d="M0 0"></path></svg></a>`,
        `<a href="${w}/moved#part-2">An article that moved</a>`,
        `<a href="${w}/hangs">A site that never answers</a>`,
        `<a href="${w}/silenced">A link silenced on purpose</a>`,
        `<a href="https://example.com/services">Our own services page, at its deployed address</a>`,
        `<a href="mailto:hello@example.com">Write to us</a>`,
        `<a href="#top">Back to the top</a>`,
        `<a href="/nowhere">A page that was never written</a>`,
      ].join("\n"),
    ),
  );
});

after(() => {
  world.closeAllConnections();
  world.close();
  for (const res of held) res.destroy();
  rmSync(dist, { recursive: true, force: true });
});

const askedFor = (path: string) => requests.filter((r) => r.path === path);

// Side by side: most of each test is waiting (a Retry-After, a timeout, a program starting).
describe("the link check", { concurrency: true }, () => {
  test("external links: every page's, linked to or not; exactly the 404 and the one that never answers are broken", async () => {
    const check = await checkExternalLinks(dist, {
      siteUrl: "https://example.com",
      policy: POLICY,
      skip: [{ address: `${w}/silenced`, reason: "the site answers robots 404; checked by hand" }],
    });
    assert.equal(check.pages, 3);
    const verdicts = check.links.map(({ page, text, href, verdict }) => [page, text, href.slice(w.length), verdict.kind]);
    assert.deepEqual(verdicts, [
      ["/notes/orphan", "A page that is there", "/fine", "ok"],
      ["/notes/orphan", "Rise & fall of an article (opens in a new tab)", "/gone", "broken"],
      ["/notes/orphan", "A busy site", "/busy", "ok"],
      ["/notes/orphan", "Us on LinkedIn", "/refuses", "unchecked"],
      ["/notes/orphan", "An article that moved", "/moved#part-2", "ok"],
      ["/notes/orphan", "A site that never answers", "/hangs", "broken"],
    ]);
    const answers = Object.fromEntries(check.links.map((link) => [link.href.slice(w.length), link.verdict.answer]));
    assert.equal(answers["/gone"], "404 Not Found");
    assert.equal(answers["/hangs"], "no answer within 1 s (asked 2 times)");
    assert.equal(answers["/refuses"], "999: the site refuses automated checks");
    assert.equal(answers["/moved#part-2"], `200 OK after 301 to ${w}/moved-again, then 302 to ${w}/arrived`);
    assert.deepEqual(check.skipped, [
      { page: "/notes/orphan", text: "A link silenced on purpose", href: `${w}/silenced`, reason: "the site answers robots 404; checked by hand" },
    ]);

    // The 429 was asked again once its Retry-After (1 s) had passed, and not before.
    const busy = askedFor("/busy");
    assert.equal(busy.length, 2);
    assert.ok(busy[1].at - busy[0].at >= 990, `asked again after ${busy[1].at - busy[0].at} ms`);
    // The redirect chain followed to its end; the hung request asked as often as the policy says.
    assert.deepEqual(
      ["/moved", "/moved-again", "/arrived", "/hangs", "/silenced"].map((path) => askedFor(path).length),
      [1, 1, 1, 2, 0],
    );
    assert.ok(!requests.some((r) => /services|contact|mailto|nowhere/.test(r.path)), "the site's own addresses are not asked outside");

    const report = reportOf(check);
    assert.match(report, /^\*\*2 broken links\.\*\*/);
    assert.match(report, /read every page the build writes \(3 pages, whether another page links to it or not\)/);
    assert.match(report, /2 broken, 1 could not be checked, 3 answered, 1 address skipped on purpose/);
    const section = (heading: string) => report.split("### ").find((part) => part.startsWith(heading)) ?? "";
    assert.deepEqual(
      section("Broken")
        .split("\n")
        .filter((line) => line.startsWith("| /")),
      [
        `| /notes/orphan | Rise & fall of an article (opens in a new tab) | ${w}/gone | 404 Not Found |`,
        `| /notes/orphan | A site that never answers | ${w}/hangs | no answer within 1 s (asked 2 times) |`,
      ],
    );
    assert.match(
      section("Could not check"),
      new RegExp(`\\| /notes/orphan \\| Us on LinkedIn \\| ${w}/refuses \\| 999: the site refuses automated checks \\|`),
    );
    assert.match(
      section("Skipped on purpose"),
      new RegExp(`\\| /notes/orphan \\| A link silenced on purpose \\| ${w}/silenced \\| the site answers robots 404; checked by hand \\|`),
    );
    assert.doesNotMatch(report, /\/fine|\/busy|\/moved/, "links that answered are not listed");
  });

  test("the internal check reads every page too: a broken link on a page nothing links to is found", async () => {
    assert.deepEqual(await checkLinks(dist, { siteUrl: "https://example.com" }), [{ url: "/nowhere", status: 404, parent: "/notes/orphan" }]);
  });

  test("broken after every try: a 5xx, no connection, a redirect without end; a 429 that never clears could not be checked", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const nobody = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((done) => closed.close(done));
    assert.deepEqual(await verdictOf(`${w}/down`, POLICY), { kind: "broken", answer: "503 Service Unavailable (asked 2 times)" });
    assert.deepEqual(await verdictOf(nobody, POLICY), { kind: "broken", answer: "no answer: the connection was refused (ECONNREFUSED) (asked 2 times)" });
    assert.deepEqual(await verdictOf(`${w}/loop`, POLICY), { kind: "broken", answer: "more than 5 redirects (asked 2 times)" });
    assert.deepEqual(await verdictOf(`${w}/always-busy`, POLICY), {
      kind: "unchecked",
      answer: "429 Too Many Requests, 3 times over 0 s: the site limits how often it is asked",
    });
    assert.equal(askedFor("/always-busy").length, POLICY.rateLimitTries);
    // A Retry-After beyond the longest wait is waited only that long.
    const started = performance.now();
    const capped = await verdictOf(`${w}/slow-down`, { ...POLICY, rateLimitTries: 2, longestWaitMs: 50 });
    assert.equal(capped.kind, "unchecked");
    assert.equal(askedFor("/slow-down").length, 2);
    assert.ok(performance.now() - started < 5000, `waited ${performance.now() - started} ms`);
  });

  test("npm run links -- --external --report FILE: writes the report of every broken link, internal or external, and exits 1", async () => {
    const site = mkdtempSync(join(tmpdir(), "link-check-cli-"));
    const reportFile = join(site, "links-report.md");
    try {
      writeFileSync(
        join(site, "index.html"),
        `<!doctype html><html lang="en"><head><title>Home</title></head><body><a href="/missing">A page that was never written</a> <a href="${w}/gone">Gone</a> <a href="${w}/fine">Fine</a></body></html>`,
      );
      const run = spawn(process.execPath, ["--import", "tsx", "tools/links.ts", "--external", "--report", reportFile], {
        env: { ...process.env, OUT_DIR: site, SITE_URL: "https://example.com" },
      });
      let output = "";
      run.stdout.on("data", (chunk) => (output += chunk));
      run.stderr.on("data", (chunk) => (output += chunk));
      const status = await new Promise((done) => run.on("close", done));
      assert.equal(status, 1, output);
      assert.match(output, /2 broken links \(internal and external\)/);
      const report = readFileSync(reportFile, "utf8");
      assert.match(report, /^\*\*2 broken links\.\*\*/);
      assert.match(report, /\| \/ \| A page that was never written \| \/missing \| 404 Not Found \|/);
      assert.match(report, new RegExp(`\\| / \\| Gone \\| ${w}/gone \\| 404 Not Found \\|`));
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  test("an address in the skip list that is not a whole address is refused, naming the file and the fix", async () => {
    await assert.rejects(
      checkExternalLinks(dist, { skip: [{ address: "example.org/members-only", reason: "signed-in readers only" }] }),
      /^Error: tools\/links\/skipped\.ts: address "example\.org\/members-only" is not a whole address: write it as the page does, such as "https:\/\/example\.org\/page"$/,
    );
  });

  test("the report when every link answered says so, and still lists what could not be checked", () => {
    const report = reportOf({
      pages: 2,
      links: [
        {
          page: "/",
          text: "Us | LinkedIn",
          href: "https://www.linkedin.com/company/x",
          verdict: { kind: "unchecked", answer: "999: the site refuses automated checks" },
        },
        {
          page: "/about",
          text: "Us | LinkedIn",
          href: "https://www.linkedin.com/company/x",
          verdict: { kind: "unchecked", answer: "999: the site refuses automated checks" },
        },
        { page: "/", text: "An article", href: "https://example.org/", verdict: { kind: "ok", answer: "200 OK" } },
      ],
      skipped: [],
    });
    assert.match(report, /^\*\*No broken links\.\*\*/);
    assert.doesNotMatch(report, /### Broken/);
    assert.match(report, /1 could not be checked, 1 answered\./);
    assert.match(report, /\| every page \(2\) \| Us \\\| LinkedIn \| https:\/\/www\.linkedin\.com\/company\/x \| 999: the site refuses automated checks \|/);
  });
});
