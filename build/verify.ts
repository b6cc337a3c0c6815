// After the build: every page is valid HTML and every internal link, image, PDF and anchor resolves.
import { HtmlValidate, FileSystemConfigLoader, formatterFactory } from "html-validate";
import { LinkChecker } from "linkinator";

export async function validateHtml(pages: { file: string; html: string }[]): Promise<string[]> {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const text = formatterFactory("text");
  const problems: string[] = [];
  for (const { file, html } of pages) {
    const report = await validator.validateString(html, file);
    if (!report.valid) problems.push(text(report.results));
  }
  return problems;
}

export interface BrokenLink {
  url: string;
  status: number | undefined;
  parent: string | undefined;
}

/** Internal links always; external ones only when asked (they need the network). */
export async function checkLinks(outDir: string, { external = false } = {}): Promise<BrokenLink[]> {
  const checker = new LinkChecker();
  const result = await checker.check({
    path: outDir,
    recurse: true,
    checkFragments: true,
    concurrency: 25,
    linksToSkip: async (link) => !external && !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(link),
  });
  return result.links
    .filter((link) => link.state === "BROKEN")
    .map((link) => ({ url: link.url, status: link.status, parent: link.parent }));
}

/** npm run links [-- --external]: checks the last build's links; external ones need the network. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const external = process.argv.includes("--external");
  const broken = await checkLinks(process.env.OUT_DIR ?? "dist", { external });
  for (const link of broken) console.error(`broken: ${link.url} (${link.status ?? "no answer"}) on ${link.parent}`);
  console.log(`${broken.length} broken link${broken.length === 1 ? "" : "s"} (${external ? "internal and external" : "internal only; add -- --external to check external links"})`);
  process.exit(broken.length ? 1 : 0);
}
