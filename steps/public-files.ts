// public/ is copied as it is; its logos are also read so pages can inline them.

import { existsSync } from "node:fs";
import { cp, readdir, readFile } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { refuseLinks } from "./files.ts";

/** Copies public/ into the site; returns the dist-relative files it copied. */
export async function copyPublic(outDir: string): Promise<string[]> {
  if (!existsSync("public")) return [];
  // Copied as they are: a link would publish whatever it leads to.
  refuseLinks(process.cwd(), ["public"]);
  await cp("public", outDir, { recursive: true });
  const entries = await readdir("public", { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative("public", join(entry.parentPath ?? entry.path, entry.name)));
}

export async function readLogos(): Promise<Record<string, string>> {
  const files = existsSync("public/logos") ? (await readdir("public/logos")).filter((f) => f.endsWith(".svg")) : [];
  const entries = await Promise.all(
    files.map(async (file) => {
      const svg = (await readFile(`public/logos/${file}`, "utf8")).replace(/<\?xml[^>]*>\s*/, "").trim();
      if (/<script|\son\w+=/i.test(svg))
        throw new Error(`public/logos/${file}: contains a script or event handler; logos are inlined into pages, so keep them plain drawings`);
      return [basename(file, ".svg"), svg.replace(/<svg\b/, '<svg aria-hidden="true" focusable="false"')] as const;
    }),
  );
  return Object.fromEntries(entries);
}
