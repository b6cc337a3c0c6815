// Finds pages/*.tsx, checks each exports metadata and a component, and names its route.

import { pathToFileURL } from "node:url";
import fg from "fast-glob";
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

function checkMeta(file: string, meta: unknown): PageMeta {
  if (!meta || typeof meta !== "object") throw new Error(`${file}: export const meta: PageMeta = { title, description } is missing`);
  const { title, description } = meta as Partial<PageMeta>;
  if (typeof title !== "string" || !title.trim()) throw new Error(`${file}: meta.title is missing`);
  if (typeof description !== "string" || description.trim().length < 50) {
    throw new Error(`${file}: meta.description is missing or shorter than 50 characters; write one or two sentences for search results`);
  }
  return meta as PageMeta;
}

export async function loadPages(root: string = process.cwd()): Promise<Page[]> {
  const files = (await fg("pages/*.tsx", { cwd: root })).sort();
  if (files.length === 0) throw new Error("pages/: no pages found; add pages/index.tsx");
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(pathToFileURL(`${root}/${file}`).href)) as { meta?: unknown; default?: unknown };
      if (typeof module.default !== "function") throw new Error(`${file}: export default function SomethingPage() is missing`);
      return { file, route: routeOf(file), meta: checkMeta(file, module.meta), Component: module.default as ComponentType };
    }),
  );
}
