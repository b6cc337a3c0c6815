// The link check reads every page a build writes, linked to or not.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkLinks } from "../../commands/links.ts";

let dist = "";

before(() => {
  dist = mkdtempSync(join(tmpdir(), "link-check-"));
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main id="top">${body}</main></body></html>`;
  writeFileSync(join(dist, "index.html"), page("Home", `<a href="/about">About</a>`));
  writeFileSync(join(dist, "about.html"), page("About", `<a href="/">Home</a> <a href="https://example.com/contact">Contact</a>`));
  // No page links to this one.
  mkdirSync(join(dist, "notes"));
  writeFileSync(
    join(dist, "notes", "orphan.html"),
    page("Orphan", [`<a href="#top">Back to the top</a>`, `<a href="/nowhere">A page that was never written</a>`].join("\n")),
  );
});

after(() => rmSync(dist, { recursive: true, force: true }));

test("the internal check reads every page too: a broken link on a page nothing links to is found", async () => {
  assert.deepEqual(await checkLinks(dist, { siteUrl: "https://example.com" }), [{ url: "/nowhere", status: 404, parent: "/notes/orphan" }]);
});
