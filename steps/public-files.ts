// public/ is copied as it is; its logos are also read so pages can inline them.

import { existsSync } from "node:fs";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { writeIfChanged } from "./output.ts";

/** Copies public/ into the site; returns the dist-relative files it copied. Each file is written as every
 * output is, whole under a new name and only when changed: a build writes into links to the live site's
 * files (steps/staging.ts), which a copy into the file itself would change. */
export async function copyPublic(outDir: string): Promise<string[]> {
  if (!existsSync("public")) return [];
  const entries = await readdir("public", { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => relative("public", join(entry.parentPath ?? entry.path, entry.name)));
  await Promise.all(
    files.map(async (file) => {
      await mkdir(dirname(join(outDir, file)), { recursive: true });
      await writeIfChanged(join(outDir, file), await readFile(join("public", file)));
    }),
  );
  return files;
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
