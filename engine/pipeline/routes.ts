// The one place that maps pages to routes and routes to the files a static host serves.
import type { ComponentType } from "react";
import type { PageMeta } from "../../components/head.ts";

export interface Page {
  /** pages/case-studies.tsx; for every entry of a collection, its one file: pages/case-studies/[slug].tsx */
  file: string;
  /** "/case-studies"; "/" for index; "/404" for the not-found page; "/case-studies/eqos-initiative" for an entry. */
  route: string;
  meta: PageMeta;
  Component: ComponentType<never>;
  /** An entry's props, as its file's getStaticPaths gave them (plain JSON); absent on a page of its own. */
  props?: object;
}

/** A page file's route, with its parameters still in brackets: pages/case-studies/[slug].tsx is
 * /case-studies/[slug]; pages/index.tsx is /, and pages/work/index.tsx is /work. */
export function routeOf(file: string): string {
  const name = file
    .replace(/^pages\//, "")
    .replace(/\.tsx$/, "")
    .replace(/(^|\/)index$/, "");
  return `/${name}`;
}

/** The parameters a route names, in order: ["slug"] for /case-studies/[slug]. */
export function parametersOf(route: string): string[] {
  return [...route.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]);
}

/** What a parameter's value may be: lowercase letters and digits in words joined by single hyphens, so
 * that an address reads the same on every host (no case to fold, nothing to escape). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The one name a parameter's value may not be: a route ending in /index is written to …/index.html, which
 * hosts serve at the folder's address with a slash (/case-studies/), another page than /case-studies. */
export const FOLDER_INDEX = "index";

/** A collection entry's route: each [parameter] of the file's route replaced by the entry's value.
 * Throws why, without the file's name (the caller knows which file and entry it is). */
export function fillRoute(route: string, params: Record<string, unknown>): string {
  return route.replace(/\[([^\]]*)\]/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== "string") throw new Error(`params.${name} is ${value === undefined ? "missing" : `not a string (${JSON.stringify(value)})`}`);
    if (!SLUG.test(value))
      throw new Error(`params.${name} "${value}" is not a slug: use lowercase letters, digits and single hyphens, such as "eqos-initiative"`);
    if (value === FOLDER_INDEX)
      throw new Error(`params.${name} "${value}" would be served at its folder's address with a slash, another page; use another, such as "eqos-initiative"`);
    return value;
  });
}

/** dist-relative output file. /services is services.html: Netlify, Cloudflare Pages and GitHub Pages
 * serve that at /services with no redirect (a services/ folder would send /services to /services/ first),
 * and the nginx and CloudFront recipes map it the same way, so every host serves the one URL form.
 * A nested route is a file in a folder: /case-studies/eqos-initiative is case-studies/eqos-initiative.html. */
export function outputFileOf(route: string): string {
  if (route === "/") return "index.html";
  return `${route.slice(1)}.html`;
}

/** The route a dist-relative output file serves: the inverse of outputFileOf. */
export function routeOfOutputFile(file: string): string {
  if (file === "index.html") return "/";
  return `/${file.replace(/\.html$/, "")}`;
}
