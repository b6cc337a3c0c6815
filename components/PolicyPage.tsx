import type { Policy } from "../content/types.ts";
import { slugOf } from "../shared/slug.ts";
import { PageHeader } from "./Section.tsx";
import { useSite } from "./SiteContext.tsx";

/** /privacy and /terms: numbered sections, each an h2, with "Last updated" = the build date. */
export function PolicyPage({ policy }: { policy: Policy }) {
  const { buildDate } = useSite();
  const updated = buildDate.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return (
    <>
      <PageHeader eyebrow="Legal" heading={policy.title} intro={policy.intro} />
      <section className="section" aria-label={policy.title}>
        <div className="container policy prose">
          <p className="policy__updated">
            Last updated: <time dateTime={buildDate.toISOString().slice(0, 10)}>{updated}</time>
          </p>
          {policy.sections.map((section, index) => (
            <section key={section.heading} id={slugOf(section.heading)} className="policy__section" aria-labelledby={`${slugOf(section.heading)}-heading`}>
              <h2 id={`${slugOf(section.heading)}-heading`}>{`${index + 1}. ${section.heading}`}</h2>
              {section.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </section>
    </>
  );
}
