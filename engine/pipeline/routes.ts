// The one place that maps pages to routes and routes to the files a static host serves.
import type { ComponentType } from "react";
import type { PageMeta } from "../../components/head.ts";

export interface Page {
  /** pages/case-studies.tsx; for a collection's entry, pages/case-studies/[slug].tsx */
  file: string;
  route: string;
  meta: PageMeta;
  Component: ComponentType<never>;
  /** An entry's props from getStaticPaths (plain JSON); absent on a page of its own. */
  props?: object;
}

/** pages/case-studies/[slug].tsx is /case-studies/[slug]; pages/index.tsx is /, and pages/work/index.tsx is /work. */
export function routeOf(file: string): string {
  return `/${file.replace(/^pages\/|\.tsx$/g, "").replace(/(^|\/)index$/, "")}`;
}

export function parametersOf(route: string): string[] {
  return [...route.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]);
}

/** A parameter's value: lowercase words joined by single hyphens, so an address reads the same on every host. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The one value a parameter may not take: …/index.html is served at the folder's address with a slash, another page. */
export const FOLDER_INDEX = "index";

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

/** /services is services.html, which every host serves at /services (a services/ folder would redirect to /services/). */
export function outputFileOf(route: string): string {
  return route === "/" ? "index.html" : `${route.slice(1)}.html`;
}

export function routeOfOutputFile(file: string): string {
  return file === "index.html" ? "/" : `/${file.replace(/\.html$/, "")}`;
}
