// After the build: every page is valid HTML and every internal link, image, PDF and anchor resolves.
import { checkLinks } from "./check-links.ts";
import { validateHtml, type HtmlFile } from "./validate-html.ts";

/** Throws a message naming each problem and the fix. */
export async function verifyBuild(outDir: string, pages: HtmlFile[], siteUrl: string): Promise<void> {
  const [invalid, broken] = await Promise.all([validateHtml(pages), checkLinks(outDir, { siteUrl })]);
  if (invalid.length) throw new Error(`Invalid HTML (fix the page or component that writes it):\n${invalid.join("\n")}`);
  if (broken.length) {
    throw new Error(`Broken links (fix the href or add the file):\n${broken.map((l) => `  ${l.url} (${l.status ?? "no answer"}) on ${l.parent}`).join("\n")}`);
  }
}
