// Compiles styles/main.scss into one content-hashed, compressed stylesheet.
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as sass from "sass";

export async function buildStyles(outDir: string): Promise<string> {
  let css: string;
  try {
    css = (await sass.compileAsync("styles/main.scss", { style: "compressed" })).css;
  } catch (error) {
    throw new Error(`styles/: Sass failed to compile: ${(error as Error).message}`);
  }
  const file = `assets/main.${createHash("sha256").update(css).digest("hex").slice(0, 8)}.css`;
  await mkdir(join(outDir, "assets"), { recursive: true });
  await writeFile(join(outDir, file), css);
  return `/${file}`;
}
