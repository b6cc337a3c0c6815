// public/ is copied as it is; its logos are also read so pages can inline them.

import { existsSync } from "node:fs";
import { cp, readdir, readFile } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { refuseLinks } from "./files.ts";
import { checkPlainSvg } from "./plain-svg.ts";

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
      const text = await readFile(`public/logos/${file}`, "utf8");
      // Inlined into every page: held to the rule of the art's SVGs.
      checkPlainSvg(text, `public/logos/${file}`);
      const svg = text.replace(/<\?xml[^>]*>\s*/, "").trim();
      return [basename(file, ".svg"), svg.replace(/<svg\b/, '<svg aria-hidden="true" focusable="false"')] as const;
    }),
  );
  return Object.fromEntries(entries);
}
