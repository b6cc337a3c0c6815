// A page file's exports turned into its pages: one for pages/about.tsx, one per entry of getStaticPaths() for a
// file whose name holds a [parameter] (pages/case-studies/[slug].tsx), as in Astro.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ComponentType } from "react";
import type { PageMeta } from "../../components/head.ts";
import { folders } from "../../content/collections.ts";
import { fillRoute, outputFileOf, type Page, parametersOf, routeOf } from "./routes.ts";

export type PageModule = { meta?: unknown; default?: unknown; getStaticPaths?: unknown };

/** Every page file under pages/, folders included, in a stable order. */
export function pageFiles(root: string): string[] {
  const folder = join(root, "pages");
  const files = (existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: "utf8" }) : [])
    .filter((name) => name.endsWith(".tsx"))
    .map((name) => `pages/${name.split("\\").join("/")}`)
    .sort();
  if (files.length === 0) throw new Error("pages/: no pages found; add pages/index.tsx");
  return files;
}

function checkMeta(where: string, meta: unknown): PageMeta {
  if (!meta || typeof meta !== "object") throw new Error(`${where}: export const meta: PageMeta = { title, description } is missing`);
  const { title, description } = meta as Partial<PageMeta>;
  if (typeof title !== "string" || !title.trim()) throw new Error(`${where}: meta.title is missing`);
  if (description !== undefined && (typeof description !== "string" || description.trim().length < 50)) {
    throw new Error(
      `${where}: meta.description is shorter than 50 characters; write one or two sentences for search results, or leave it out for the site's default (seoDefaults in content/site.ts)`,
    );
  }
  return meta as PageMeta;
}

export function pagesOf(file: string, module: PageModule): Page[] {
  if (typeof module.default !== "function") throw new Error(`${file}: export default function SomethingPage() is missing`);
  const Component = module.default as ComponentType<never>;
  const pattern = routeOf(file);
  const parameters = parametersOf(pattern);
  if (parameters.length === 0) {
    if (module.getStaticPaths !== undefined)
      throw new Error(`${file}: exports getStaticPaths, but its name has no [parameter]; name it like pages/case-studies/[slug].tsx`);
    if (typeof module.meta === "function") throw new Error(`${file}: meta is a function, which only a collection's file (pages/…/[slug].tsx) may export`);
    return [{ file, route: pattern, meta: checkMeta(file, module.meta), Component }];
  }
  const bad = parameters.find((name) => !/^[a-z][a-zA-Z0-9]*$/.test(name));
  if (bad !== undefined) throw new Error(`${file}: [${bad}] is not a parameter name; use a plain name such as [slug]`);
  if (typeof module.getStaticPaths !== "function")
    throw new Error(
      `${file}: export function getStaticPaths(): { params: { ${parameters[0]}: string }; props }[] is missing (a [parameter] in a name makes one page per entry)`,
    );
  const entries: unknown = module.getStaticPaths();
  if (!Array.isArray(entries)) throw new Error(`${file}: getStaticPaths() must return an array of { params, props }`);
  const seen = new Map<string, number>();
  return entries.map((entry: unknown, index) => {
    const where = (params?: Record<string, unknown>) =>
      `${file}: getStaticPaths() entry ${index + 1}${params ? ` (${parameters.map((name) => `${name} ${JSON.stringify(params[name])}`).join(", ")})` : ""}`;
    if (!entry || typeof entry !== "object" || !("params" in entry) || !entry.params || typeof entry.params !== "object")
      throw new Error(`${where()}: an entry is { params: { ${parameters.join(", ")} }, props }`);
    const { params, props = {} } = entry as { params: Record<string, unknown>; props?: unknown };
    let route: string;
    try {
      route = fillRoute(pattern, params);
    } catch (error) {
      throw new Error(`${where(params)}: ${(error as Error).message}`);
    }
    const earlier = seen.get(route);
    if (earlier !== undefined) throw new Error(`${where(params)}: entry ${earlier + 1} has the same route, ${route}; each entry needs its own`);
    seen.set(route, index);
    if (!props || typeof props !== "object" || Array.isArray(props)) throw new Error(`${where(params)}: props must be an object`);
    const unplain = unplainAt(props);
    // An entry is rendered again only when its props change, compared as JSON.
    if (unplain)
      throw new Error(`${where(params)}: props${unplain.reverse().join("")} is not plain JSON (strings, numbers, booleans, null, arrays and plain objects)`);
    const meta = typeof module.meta === "function" ? (module.meta as (props: object) => unknown)(props) : module.meta;
    return { file, route, meta: checkMeta(where(params), meta), Component, props };
  });
}

/** Where in `value` (its keys, innermost first) the first value JSON would not keep as it is, or null. A key
 * holding `undefined` is absent, as JSON.stringify leaves it out; an array's `undefined` (JSON's null) is not. */
function unplainAt(value: unknown): string[] | null {
  if (value === null || typeof value === "string" || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : [];
  const array = Array.isArray(value);
  if (!array && (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype)) return [];
  for (const [key, item] of array ? Array.from(value as unknown[]).entries() : Object.entries(value as object)) {
    const found = item === undefined && !array ? null : unplainAt(item);
    if (found) return [...found, array ? `[${key}]` : `.${key}`];
  }
  return null;
}

// content/case-studies/<slug>.md is /case-studies/<slug>.
function contentFileOf(root: string, page: Page): string | undefined {
  const file = `content${page.route}.md`;
  return page.props && file.slice(0, file.lastIndexOf("/")) in folders && existsSync(join(root, file)) ? file : undefined;
}

/** Stops a build where two files claim one output file (pages/work.tsx and pages/work/index.tsx, or a page and an entry). */
export function checkRoutesUnique(pages: Page[], root: string): void {
  const claimed = new Map<string, Page>();
  for (const page of pages) {
    const other = claimed.get(outputFileOf(page.route));
    if (other) {
      const name = (claimant: Page) => {
        const content = contentFileOf(root, claimant);
        return claimant.props ? `${claimant.file} (its entry for ${claimant.route}${content ? `, ${content}` : ""})` : claimant.file;
      };
      const what =
        other.route === page.route
          ? `${page.route} is claimed by both`
          : `${other.route} and ${page.route} would both be written to ${outputFileOf(page.route)}, by`;
      const content = contentFileOf(root, page) ?? contentFileOf(root, other);
      const fix = content ? `rename ${content}, whose name is its page's address, or remove the other page` : "rename one or remove the entry";
      throw new Error(`${what} ${name(other)} and ${name(page)}; ${fix}`);
    }
    claimed.set(outputFileOf(page.route), page);
  }
}
