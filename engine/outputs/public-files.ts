// public/ is copied as it is; its logos are also read so pages can inline them.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { checkPlainSvg } from "../media/plain-svg.ts";
import { folderFiles, refuseLinks } from "../state/files.ts";
import { writeIfChanged } from "./output.ts";

/** Each file written anew: a copy would change the live site through staging's links. */
export async function copyPublic(outDir: string): Promise<string[]> {
  if (!existsSync("public")) return [];
  refuseLinks(process.cwd(), ["public"]);
  const files = folderFiles(".", "public").map((file) => relative("public", file));
  await Promise.all(files.map(async (file) => writeIfChanged(join(outDir, file), await readFile(join("public", file)))));
  return files;
}

export async function readLogos(): Promise<Record<string, string>> {
  const files = existsSync("public/logos") ? (await readdir("public/logos")).filter((f) => f.endsWith(".svg")) : [];
  return Object.fromEntries(
    await Promise.all(
      files.map(async (file) => {
        const text = await readFile(`public/logos/${file}`, "utf8");
        checkPlainSvg(text, `public/logos/${file}`);
        const svg = text.replace(/<\?xml[^>]*>\s*/, "").trim();
        return [basename(file, ".svg"), svg.replace(/<svg\b/, '<svg aria-hidden="true" focusable="false"')] as const;
      }),
    ),
  );
}
