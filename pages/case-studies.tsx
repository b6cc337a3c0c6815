import { CaseStudyStory } from "../components/CaseStudyStory.tsx";
import { Checklist } from "../components/Checklist.tsx";
import { caseStudyPath, caseStudyPdfPath, resultsOf } from "../components/case-studies.ts";
import { ExternalLink, visitLabel } from "../components/ExternalLink.tsx";
import type { PageMeta } from "../components/head.ts";
import { Island } from "../components/Island.tsx";
import { LogoStrip } from "../components/LogoStrip.tsx";
import { Markdown } from "../components/Markdown.tsx";
import { PageHeader } from "../components/Section.tsx";
import { useSite } from "../components/SiteContext.tsx";
import caseStudies from "../content/case-studies";
import type { CaseStudy } from "../content/collections.ts";
import site from "../content/site.yaml";
import CaseStudyDownload from "../islands/CaseStudyDownload.tsx";

const { company } = site;

export const meta: PageMeta = {
  title: "Client Success Stories",
  description: `Case studies from ${company.name}: an AI memory product launch, workforce incubation models, career navigation and economic mobility programs, with measured results.`,
  keywords: ["case studies", "workforce innovation", "edtech case study", "AI product launch", "nonprofit technology results"],
  schema: { type: "CollectionPage" },
};

function Results({ study, heading }: { study: CaseStudy; heading: string }) {
  return (
    <>
      <h3 className="study__label">{heading}</h3>
      <Checklist items={resultsOf(study)} />
    </>
  );
}

/** A study's call to action: its product's site, or its PDF (the download form first, once hydrated). */
function StudyAction({ study, endpoint }: { study: CaseStudy; endpoint: string | null }) {
  return study.link ? (
    <ExternalLink href={study.link} className="button button--primary">
      {visitLabel(study.link)}
    </ExternalLink>
  ) : (
    <Island component={CaseStudyDownload} props={{ endpoint, title: study.title, pdfUrl: caseStudyPdfPath(study) }} />
  );
}

export default function CaseStudiesPage() {
  const { endpoints } = useSite();
  const featured = caseStudies.find((study) => study.featured);
  if (!featured) throw new Error("content/case-studies/: no study has featured: true; mark the one to show first");
  const others = caseStudies.filter((study) => study !== featured);
  return (
    <>
      <PageHeader
        eyebrow="Work"
        heading="Client Success Stories"
        intro="Our own AI product launch and selected client engagements in workforce innovation, education and economic mobility, each with its measured results."
      />
      <section className="section" aria-label="Case studies">
        <div className="container">
          <ol className="studies">
            <li className="study study--featured card">
              <p className="badge">Featured Case Study</p>
              <h2 className="study__title">
                <a href={caseStudyPath(featured)}>{featured.title}</a>
              </h2>
              <p className="study__subtitle">{featured.subtitle}</p>
              <div className="split">
                <CaseStudyStory study={featured} level="h3" />
                <div>
                  <Results study={featured} heading="Key Results" />
                  <StudyAction study={featured} endpoint={endpoints.download} />
                </div>
              </div>
            </li>
            {others.map((study) => (
              <li key={study.title} className="study card">
                {study.unpublished && <p className="badge">Not published: {study.unpublished}</p>}
                <h2 className="study__title">
                  <a href={caseStudyPath(study)}>{study.title}</a>
                </h2>
                <p className="study__subtitle">{study.subtitle}</p>
                <h3 className="study__label">Challenge</h3>
                <Markdown blocks={study.body.challenge} shift={2} />
                <h3 className="study__label">Solution</h3>
                <Markdown blocks={study.body.solution} shift={2} />
                <Results study={study} heading="Results" />
                <div className="study__actions">
                  <StudyAction study={study} endpoint={endpoints.download} />
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <LogoStrip id="trusted" heading="Trusted by Leading Innovation, Edtech, and Nonprofit Organizations" logos={site.clientLogos.caseStudies} />
    </>
  );
}
