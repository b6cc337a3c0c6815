// The link check's report in Markdown, in plain words: for each link, the page, the link's text, the
// address and what answered. The scheduled workflow (.github/workflows/links.yml) posts it as is.
import type { CheckedLink, LinkCheck, SkippedOnPage } from "./external.ts";

/** Markdown table cells hold one line and no bare "|". */
const cell = (text: string) => text.replace(/\s+/g, " ").replace(/\|/g, "\\|");
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** One row per link text and address, with every page that has it. */
function table(rows: (CheckedLink | SkippedOnPage)[], pageCount: number, last: "What answered" | "Why"): string {
  const grouped = new Map<string, { pages: string[]; text: string; href: string; last: string }>();
  for (const row of rows) {
    const key = `${row.href}\n${row.text}`;
    const entry = grouped.get(key) ?? { pages: [], text: row.text, href: row.href, last: "verdict" in row ? row.verdict.answer : row.reason };
    if (!entry.pages.includes(row.page)) entry.pages.push(row.page);
    grouped.set(key, entry);
  }
  const lines = [...grouped.values()].map(({ pages, text, href, last }) => {
    const where = pages.length === pageCount && pageCount > 1 ? `every page (${pageCount})` : pages.join(", ");
    return `| ${cell(where)} | ${cell(text)} | ${cell(href)} | ${cell(last)} |`;
  });
  return [`| Page | Link | Address | ${last} |`, "| --- | --- | --- | --- |", ...lines].join("\n");
}

export function reportOf(check: LinkCheck): string {
  const of = (kind: CheckedLink["verdict"]["kind"]) => check.links.filter((link) => link.verdict.kind === kind);
  const addresses = (links: { href: string }[]) => new Set(links.map((link) => link.href)).size;
  const [broken, unchecked, ok] = [of("broken"), of("unchecked"), of("ok")];
  const counts = [
    `${addresses(broken)} broken`,
    `${addresses(unchecked)} could not be checked`,
    `${addresses(ok)} answered`,
    ...(check.skipped.length ? [`${plural(addresses(check.skipped), "address", "addresses")} skipped on purpose`] : []),
  ];
  const parts = [
    broken.length ? `**${plural(addresses(broken), "broken link")}.**` : "**No broken links.**",
    `The link check read every page the build writes (${plural(check.pages, "page")}, whether another page links to it or not) and asked each external address: ${counts.join(", ")}. Every build checks the internal links itself.`,
  ];
  if (broken.length) {
    parts.push(
      "### Broken",
      table(broken, check.pages, "What answered"),
      "Fix the address where the page gets it (its file in `content/`, `pages/` or `components/`). If the link is right and the site only turns the check away, add it to `tools/links/skipped.ts` with the reason.",
    );
  }
  if (unchecked.length) {
    parts.push(
      "### Could not check (not counted as broken)",
      "These sites turn automated checks away (LinkedIn answers 999; others 401 or 403) or kept answering 429 Too Many Requests: the page may well be there. Open them in a browser to be sure.",
      table(unchecked, check.pages, "What answered"),
    );
  }
  if (check.skipped.length) {
    parts.push("### Skipped on purpose (`tools/links/skipped.ts`)", table(check.skipped, check.pages, "Why"));
  }
  return `${parts.join("\n\n")}\n`;
}
