// The decisions a build takes from its output folder's manifest (engine/state/manifest.ts), as pure functions:
// a manifest made by another engine, configuration or lockfile, or of an older format, is none (a full
// build); a route keeps its body, its document and what verifying it found only while each thing they
// were made from is the same; the store keeps what some manifest names. A changed source, content entry
// or image reaches a route through its body's key (test/build/build-state.test.ts); a file reached
// through a path alias is one of a page's sources (test/build/pages.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { engineHash } from "../../engine/state/build-state.ts";
import {
  bodyKept,
  documentKept,
  type EngineHash,
  MANIFEST_FORMAT,
  type Manifest,
  named,
  type RouteEntry,
  usable,
  verifiedKept,
} from "../../engine/state/manifest.ts";

const hash: EngineHash = { format: MANIFEST_FORMAT, engine: "e1", config: "c1", lockfile: "l1" };
const entry: RouteEntry = {
  file: "notes/first.html",
  body: "b1",
  islands: ["ThemeToggle"],
  document: { assets: "a1", version: "120:1000" },
  verified: { key: "s1", links: ["/"], ids: ["main"] },
};
const manifest = (routes: Record<string, RouteEntry>, blobs: string[] = []): Manifest => ({ ...hash, outDir: "/tmp/out", routes, bundle: null, blobs });

describe("the manifest's decisions", () => {
  it("a manifest of an older format, another engine, configuration or lockfile is none: everything is made again", () => {
    const previous = manifest({ "/notes/first": entry });
    expect(usable(previous, hash)).toBe(previous);
    expect(usable(null, hash), "no manifest").toBe(null);
    for (const [what, now] of [
      ["an older manifest", { ...hash, format: MANIFEST_FORMAT + 1 }],
      ["a changed engine", { ...hash, engine: "e2" }],
      ["a changed setting", { ...hash, config: "c2" }],
      ["a changed lockfile", { ...hash, lockfile: "l2" }],
    ] as const) {
      expect(usable(previous, now), what).toBe(null);
    }
  });

  it("the engine hash moves with the engine's sources, a setting and the lockfile, and with nothing else", () => {
    const root = mkdtempSync(join(tmpdir(), "engine-hash-"));
    try {
      mkdirSync(join(root, "engine/outputs/hosts"), { recursive: true });
      mkdirSync(join(root, "engine/pipeline"), { recursive: true });
      writeFileSync(join(root, "build.ts"), "// build\n");
      writeFileSync(join(root, "engine/pipeline/pages.ts"), "// pages\n");
      writeFileSync(join(root, "engine/outputs/hosts/nginx.ts"), "// nginx\n");
      writeFileSync(join(root, "package-lock.json"), '{"lockfileVersion":3}');
      const config = { outDir: "dist", siteUrl: null, buildDate: new Date("2026-01-02") };
      const first = engineHash(config, root);
      expect(engineHash({ ...config }, root), "the same sources and settings").toEqual(first);
      writeFileSync(join(root, "engine/outputs/hosts/nginx.ts"), "// nginx, edited\n");
      const edited = engineHash(config, root);
      expect(edited.engine, "a step in a subfolder edited").not.toBe(first.engine);
      expect(edited.config).toBe(first.config);
      expect(engineHash({ ...config, buildDate: new Date("2026-01-03") }, root).config, "another build date").not.toBe(first.config);
      writeFileSync(join(root, "package-lock.json"), '{"lockfileVersion":3,"packages":{}}');
      const locked = engineHash(config, root);
      expect(locked.lockfile, "the lockfile changed").not.toBe(edited.lockfile);
      expect(locked.engine).toBe(edited.engine);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a route keeps its body only under the same key; a body of a file saved while it was read is never kept", () => {
    expect(bodyKept(entry, "b1")).toBe(true);
    expect(bodyKept(entry, "b2"), "a source, setting, entry or image changed its key").toBe(false);
    expect(bodyKept(undefined, "b1"), "a new route").toBe(false);
    expect(bodyKept({ ...entry, body: null }, null), "used once, then and now").toBe(false);
  });

  it("a document is left as it was only with the same body and assets, and its file untouched since", () => {
    expect(documentKept(entry, "b1", "a1", "120:1000")).toBe(true);
    expect(documentKept(entry, "b2", "a1", "120:1000"), "another body").toBe(false);
    expect(documentKept(entry, "b1", "a2", "120:1000"), "other assets (the stylesheet, the scripts, its card)").toBe(false);
    expect(documentKept(entry, "b1", "a1", "121:1000"), "the file was touched since").toBe(false);
    expect(documentKept(entry, "b1", "a1", null), "the file is gone").toBe(false);
    expect(documentKept({ ...entry, document: null }, "b1", "a1", "120:1000"), "never written").toBe(false);
  });

  it("what verifying a document left as it was found holds while its key is the same", () => {
    expect(verifiedKept(entry, "s1")).toEqual(entry.verified);
    expect(verifiedKept(entry, "s2"), "another html-validate, configuration or site address").toBe(null);
    expect(verifiedKept({ ...entry, verified: null }, "s1"), "a run that did not verify it").toBe(null);
  });

  it("the store keeps the blobs and bodies some manifest names: a removed entry's body, and a folder's that is gone, are not", () => {
    const second = { ...entry, file: "notes/second.html", body: "b2" };
    const first = manifest({ "/notes/first": entry, "/notes/second": second }, ["images/k1.webp", "pdfs/k2.pdf"]);
    const other = manifest({ "/notes/first": { ...entry, body: "b3" } }, ["images/k1.webp", "styles/k4.css"]);
    expect([...named([first, other])].sort()).toEqual([
      "images/k1.webp",
      "pdfs/k2.pdf",
      "rendered/b1.json",
      "rendered/b2.json",
      "rendered/b3.json",
      "styles/k4.css",
    ]);
    const removed = manifest({ "/notes/first": entry }, ["images/k1.webp"]);
    expect(named([removed]).has("rendered/b2.json"), "the removed entry's body").toBe(false);
    expect(named([removed, { ...other, routes: {}, blobs: [] }]).has("rendered/b3.json")).toBe(false);
    expect(named([{ ...first, routes: { "/notes/first": { ...entry, body: null } } }]).has("rendered/null.json")).toBe(false);
  });
});
