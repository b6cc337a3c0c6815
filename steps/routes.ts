// The one place that maps pages to routes and routes to the files a static host serves.
import type { ComponentType } from "react";
import type { PageMeta } from "../components/head.ts";

export interface Page {
  /** pages/case-studies.tsx */
  file: string;
  /** "/case-studies"; "/" for index; "/404" for the not-found page. */
  route: string;
  meta: PageMeta;
  Component: ComponentType;
}

export function routeOf(file: string): string {
  const name = file.replace(/^pages\//, "").replace(/\.tsx$/, "");
  return name === "index" ? "/" : `/${name}`;
}

/** dist-relative output file. /services is services.html: Netlify, Cloudflare Pages and GitHub Pages
 * serve that at /services with no redirect (a services/ folder would send /services to /services/ first),
 * and the nginx and CloudFront recipes map it the same way, so every host serves the one URL form. */
export function outputFileOf(route: string): string {
  if (route === "/") return "index.html";
  return `${route.slice(1)}.html`;
}

/** The route a dist-relative output file serves: the inverse of outputFileOf. */
export function routeOfOutputFile(file: string): string {
  if (file === "index.html") return "/";
  return `/${file.replace(/\.html$/, "")}`;
}
