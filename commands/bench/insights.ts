// Both sites grown by N entries of one template: ours by content/insights.json and its page file
// pages/insights/[slug].tsx, the peer by the same entries in its content/pages.json; and entry 1 edited.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AstroPeer, PeerEntry } from "../support/astro-peer.ts";
import type { ProjectCopy } from "../support/project-copy.ts";

export const entries = (count: number): PeerEntry[] =>
  Array.from({ length: count }, (_, i) => ({ slug: `gen-${i + 1}`, title: `Insight ${i + 1}`, h1: `Insight ${i + 1}` }));

/** Entry 1 with another heading: the edit of one entry. */
export const edited = (list: PeerEntry[], edit: number): PeerEntry[] => [{ ...list[0], h1: `Insight 1, edit ${edit}` }, ...list.slice(1)];

/** Our collection page for the entries: the peer's template in our terms (a heading and its three paragraphs). */
const INSIGHT_PAGE = `import type { PageMeta } from "../../components/head.ts";
import type { StaticPath } from "../../components/static-paths.ts";
import insights from "../../content/insights.json";
import shared from "../../content/shared.json";

interface Props {
  title: string;
  h1: string;
}

export function getStaticPaths(): StaticPath<Props>[] {
  return insights.map(({ slug, title, h1 }) => ({ params: { slug }, props: { title, h1 } }));
}

export const meta = ({ title }: Props): PageMeta => ({
  title,
  description: "An insight from the firm: one entry of a list, all of them made by one page file.",
  // The peer's shape: its pages share one social image, none has a card of its own.
  socialCard: false,
});

export default function InsightPage({ h1 }: Props) {
  return (
    <section className="section">
      <div className="container">
        <h1>{h1}</h1>
        {shared.paras.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </section>
  );
}
`;

/** Our project grown by these entries: content/insights.json, the peer's shared.json, and the page file. */
export function addInsights(project: ProjectCopy, peer: AstroPeer, list: PeerEntry[]): void {
  writeFileSync(join(project.dir, "content/shared.json"), readFileSync(join(peer.dir, "content/shared.json")));
  writeInsights(project, list);
  mkdirSync(join(project.dir, "pages/insights"), { recursive: true });
  writeFileSync(join(project.dir, "pages/insights/[slug].tsx"), INSIGHT_PAGE);
}

export function writeInsights(project: ProjectCopy, list: PeerEntry[]): void {
  writeFileSync(join(project.dir, "content/insights.json"), JSON.stringify(list, null, 1));
}
