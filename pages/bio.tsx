import { ExternalLink } from "../components/ExternalLink.tsx";
import type { PageMeta } from "../components/head.ts";
import { Island } from "../components/Island.tsx";
import { Markdown } from "../components/Markdown.tsx";
import { PageHeader } from "../components/Section.tsx";
import { founderNode, publicationNode } from "../components/structured-data.ts";
import bioFile from "../content/bio.md";
import type { Bio, BioEntry } from "../content/collections.ts";
import site from "../content/site.yaml";
import BioTabs from "../islands/BioTabs.tsx";
import type { BioTab, BioTabValue } from "../shared/bio-tabs.ts";

const { company } = site;

/** The bio's tabs, in order: the page's structure, each a panel below the strip (and its address, /bio#publications). */
export const bioTabs: BioTab[] = [
  { label: "Background", value: "background" },
  { label: "Expertise", value: "expertise" },
  { label: "Experience", value: "experience" },
  { label: "Education", value: "education" },
  { label: "Publications", value: "publications" },
];

/** A publication's month as a visitor reads it: 2025-03 is "March 2025". */
const monthOf = (published: string) => new Date(`${published}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export const meta: PageMeta = {
  title: `${company.founder}, ${company.founderRole}`,
  description: `${company.founder} founded ${company.name} to help education, workforce and public sector organizations build AI products and transform with technology. Background, expertise, experience, education and publications.`,
  keywords: [company.founder, "founder bio", "AI product leader", "workforce development expert", "edtech executive"],
  schema: { type: "ProfilePage", presents: [founderNode(), ...bioFile.publications.map(publicationNode)] },
};

function Entries({ entries }: { entries: BioEntry[] }) {
  return (
    <ul className="entries">
      {entries.map((entry) => (
        <li key={entry.title} className="entries__item">
          <h3 className="entries__title">{entry.title}</h3>
          <p className="entries__meta">{entry.detail}</p>
          <p>{entry.description}</p>
        </li>
      ))}
    </ul>
  );
}

function panelContent(bio: Bio, value: BioTabValue) {
  switch (value) {
    case "background":
      return <Markdown blocks={bio.body} />;
    case "expertise":
      return <Entries entries={bio.expertise} />;
    case "experience":
      return <Entries entries={bio.experience} />;
    case "education":
      return <Entries entries={bio.education} />;
    case "publications":
      return (
        <ul className="entries">
          {bio.publications.map((publication) => (
            <li key={publication.url} className="entries__item">
              <h3 className="entries__title">
                <ExternalLink href={publication.url}>
                  {publication.title}
                  {publication.kind === "Whitepaper" && " (PDF)"}
                </ExternalLink>
              </h3>
              <p className="entries__meta">
                {publication.kind} · {publication.outlet} · <time dateTime={publication.published}>{monthOf(publication.published)}</time>
              </p>
            </li>
          ))}
        </ul>
      );
  }
}

/** The page of content/bio.md; the CMS previews the entry being typed as it (browser/cms-preview-page.tsx). */
export default function BioPage({ bio = bioFile }: { bio?: Bio }) {
  return (
    <>
      <PageHeader eyebrow="Founder" heading={company.founder} intro={`${company.founderRole}, ${company.name}`} />
      <section className="section" aria-label="Biography">
        <div className="container bio">
          <Island component={BioTabs} props={{ tabs: bioTabs }} />
          {bioTabs.map((tab) => (
            <section key={tab.value} id={tab.value} className="bio__panel prose" aria-label={tab.label}>
              <h2 className="bio__panel-heading">{tab.label}</h2>
              {panelContent(bio, tab.value)}
            </section>
          ))}
          <a className="button button--primary" href="/contact">
            Contact Us
          </a>
        </div>
      </section>
    </>
  );
}
