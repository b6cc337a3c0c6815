// The link check's report in Markdown, as the scheduled workflow (.github/workflows/links.yml) posts it.
import type { CheckedLink, LinkCheck, LinkOnPage, SkippedOnPage } from "./external.ts";

export function byAddressAndText<Row extends LinkOnPage>(rows: Row[]): { row: Row; pages: string[] }[] {
  const groups = new Map<string, { row: Row; pages: string[] }>();
  for (const row of rows) {
    const group = groups.get(`${row.href}\n${row.text}`) ?? { row, pages: [] };
    if (!group.pages.includes(row.page)) group.pages.push(row.page);
    groups.set(`${row.href}\n${row.text}`, group);
  }
  return [...groups.values()];
}

/** Markdown table cells hold one line and no bare "|". */
const cell = (text: string) => text.replace(/\s+/g, " ").replace(/\|/g, "\\|");
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function table(rows: (CheckedLink | SkippedOnPage)[], pageCount: number, last: "What answered" | "Why"): string {
  const lines = byAddressAndText(rows).map(({ row, pages }) => {
    const where = pages.length === pageCount && pageCount > 1 ? `every page (${pageCount})` : pages.join(", ");
    return `| ${[where, row.text, row.href, "verdict" in row ? row.verdict.answer : row.reason].map(cell).join(" | ")} |`;
  });
  return [`| Page | Link | Address | ${last} |`, "| --- | --- | --- | --- |", ...lines].join("\n");
}

export function reportOf(check: LinkCheck): string {
  const of = (kind: CheckedLink["verdict"]["kind"]) => check.links.filter((link) => link.verdict.kind === kind);
  const addresses = (links: { href: string }[]) => new Set(links.map((link) => link.href)).size;
  const [broken, unchecked, ok] = [of("broken"), of("unchecked"), of("ok")];
  const counts = [`${addresses(broken)} broken`, `${addresses(unchecked)} could not be checked`, `${addresses(ok)} answered`];
  if (check.skipped.length) counts.push(`${plural(addresses(check.skipped), "address", "addresses")} skipped on purpose`);
  const parts = [
    broken.length ? `**${plural(addresses(broken), "broken link")}.**` : "**No broken links.**",
    `The link check read every page the build writes (${plural(check.pages, "page")}, whether another page links to it or not) and asked each external address: ${counts.join(", ")}. Every build checks the internal links itself.`,
  ];
  if (broken.length)
    parts.push(
      "### Broken",
      table(broken, check.pages, "What answered"),
      "Fix the address where the page gets it (its file in `content/`, `pages/` or `components/`). If the link is right and the site only turns the check away, add it to `tools/links/skipped.ts` with the reason.",
    );
  if (unchecked.length)
    parts.push(
      "### Could not check (not counted as broken)",
      "These sites turn automated checks away (LinkedIn answers 999; others 401 or 403) or kept answering 429 Too Many Requests: the page may well be there. Open them in a browser to be sure.",
      table(unchecked, check.pages, "What answered"),
    );
  if (check.skipped.length) parts.push("### Skipped on purpose (`tools/links/skipped.ts`)", table(check.skipped, check.pages, "Why"));
  return `${parts.join("\n\n")}\n`;
}
