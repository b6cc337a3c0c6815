// Every page a build wrote: each .html file of the output folder, whether another page links to it or not.
import { readdirSync } from "node:fs";

/** The dist-relative path of each page the build wrote, sorted. */
export function pageFiles(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .map((file) => file.split("\\").join("/"))
    .sort();
}
