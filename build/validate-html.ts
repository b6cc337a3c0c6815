// Every page must be valid HTML (html-validate, configured in .htmlvalidate.json to accept React's
// output). A page whose exact bytes were found valid before is not validated again: the cache key is
// the page, the config and the validator's version, so any change to any of them validates anew.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { type ConfigData, formatterFactory, HtmlValidate, StaticConfigLoader } from "html-validate";
import { CACHE_DIR, cacheKey } from "./cache.ts";

export interface HtmlFile {
  /** dist-relative, e.g. services/index.html */
  file: string;
  html: string;
}

const VALID_PAGES = `${CACHE_DIR}/valid-html.json`;

function readValidKeys(): Set<string> {
  try {
    return new Set(JSON.parse(readFileSync(VALID_PAGES, "utf8")) as string[]);
  } catch {
    return new Set();
  }
}

/** Enough for several sites of a thousand pages; the oldest results go first. */
const KEEP = 20_000;

async function saveValidKeys(keys: Set<string>): Promise<void> {
  await mkdir(CACHE_DIR, { recursive: true });
  const temporary = `${VALID_PAGES}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify([...keys].slice(-KEEP)));
  await rename(temporary, VALID_PAGES);
}

/** The text of each invalid page's report; empty when every page is valid. */
export async function validatePages(pages: HtmlFile[]): Promise<string[]> {
  const configText = existsSync(".htmlvalidate.json") ? readFileSync(".htmlvalidate.json", "utf8") : "{}";
  const version = JSON.parse(readFileSync("node_modules/html-validate/package.json", "utf8")).version as string;
  const known = readValidKeys();
  const keyOf = (html: string) => cacheKey(version, configText, html);
  const unchecked = pages.filter((page) => !known.has(keyOf(page.html)));
  if (unchecked.length === 0) return [];

  // One config for the whole site, read once (searching for it beside every file costs ~300 ms).
  const validator = new HtmlValidate(new StaticConfigLoader(JSON.parse(configText) as ConfigData));
  const text = formatterFactory("text");
  const problems: string[] = [];
  for (const { file, html } of unchecked) {
    const report = await validator.validateString(html, file);
    if (report.valid) known.add(keyOf(html));
    else problems.push(text(report.results));
  }
  await saveValidKeys(known);
  return problems;
}
