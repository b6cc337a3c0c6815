// The versions the docs name are the ones package.json pins: a package upgraded without its docs fails here.
import { readFileSync } from "node:fs";
import fg from "fast-glob";
import { expect, test } from "vitest";

const pinned: Record<string, string> = (() => {
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as Record<string, Record<string, string> | undefined>;
  return { ...manifest.dependencies, ...manifest.devDependencies };
})();

const VERSION = String.raw`(\d+\.\d+\.\d+)`;
const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Each version a text names for a package of package.json, as `[what it names, the version]`: a package's
 * own name before it (`decap-cms-core 3.19.1`, `` `yaml` 2.9.1 ``, `zod@4.6.7`), or "Decap CMS", linked or
 * not, which is decap-cms-core, the package its version is. */
function namedVersions(text: string): [name: string, version: string][] {
  const named: [string, string][] = [];
  for (const match of text.matchAll(new RegExp(String.raw`Decap CMS(?:\]\([^)]*\))?\s+v?${VERSION}`, "g"))) named.push(["decap-cms-core", match[1]]);
  for (const name of Object.keys(pinned)) {
    // Not a longer name's tail (Preact is not `react`, `services.yaml` not `yaml`).
    const pattern = new RegExp(String.raw`(?<![\w./@-])${escaped(name)}\`?(?:@|\s+v?)${VERSION}`, "gi");
    for (const match of text.matchAll(pattern)) named.push([name, match[1]]);
  }
  return named;
}

test("namedVersions finds a version however the docs write it, and no other package's", () => {
  expect(namedVersions("[Decap CMS](https://decapcms.org) 3.16.3, `decap-cms-widget-list` 3.0.0, zod@1.2.3, Preact 10.0.0")).toEqual([
    ["decap-cms-core", "3.16.3"],
    ["decap-cms-widget-list", "3.0.0"],
    ["preact", "10.0.0"],
    ["zod", "1.2.3"],
  ]);
  expect(namedVersions("content/services.yaml 40.1.2, Decap's whole `decap-cms` package, 3.16.3 then")).toEqual([]);
});

test("every version README.md and docs/ name for a package of package.json is the one it pins", () => {
  const files = ["README.md", ...fg.sync("docs/**/*.md")];
  const drifted = files.flatMap((file) =>
    namedVersions(readFileSync(file, "utf8"))
      .filter(([name, version]) => pinned[name] !== version)
      .map(([name, version]) => `${file} names ${name} ${version}; package.json pins ${pinned[name]}: write ${pinned[name]}`),
  );
  expect(files).toContain("docs/cms.md");
  expect(drifted).toEqual([]);
});
