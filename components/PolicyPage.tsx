import type { Policy } from "../content/collections.ts";
import { type Block, plainText } from "../engine/content/markdown.ts";
import { slugOf } from "../shared/slug.ts";
import { Markdown } from "./Markdown.tsx";
import { PageHeader } from "./Section.tsx";
import { useSite } from "./SiteContext.tsx";

/** A policy's text in its sections, one at each ## heading (its schema makes the text begin with one). */
function sectionsOf(body: Block[]): { heading: string; blocks: Block[] }[] {
  const sections: { heading: string; blocks: Block[] }[] = [];
  for (const block of body) {
    if ("heading" in block && block.heading === 2) sections.push({ heading: plainText(block.text), blocks: [] });
    else sections.at(-1)?.blocks.push(block);
  }
  return sections;
}

/** /privacy and /terms: numbered sections, each an h2 whose words are its address (/privacy#who-we-are),
 * with "Last updated" = the build date. */
export function PolicyPage({ title, policy }: { title: string; policy: Policy }) {
  const { buildDate } = useSite();
  const updated = buildDate.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return (
    <>
      <PageHeader eyebrow="Legal" heading={title} intro={policy.intro} />
      <section className="section" aria-label={title}>
        <div className="container policy prose">
          <p className="policy__updated">
            Last updated: <time dateTime={buildDate.toISOString().slice(0, 10)}>{updated}</time>
          </p>
          {sectionsOf(policy.body).map((section, index) => (
            <section key={section.heading} id={slugOf(section.heading)} className="policy__section" aria-labelledby={`${slugOf(section.heading)}-heading`}>
              <h2 id={`${slugOf(section.heading)}-heading`}>{`${index + 1}. ${section.heading}`}</h2>
              <Markdown blocks={section.blocks} />
            </section>
          ))}
        </div>
      </section>
    </>
  );
}
