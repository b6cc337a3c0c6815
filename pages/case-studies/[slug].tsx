import { CaseStudyStory } from "../../components/CaseStudyStory.tsx";
import { Checklist } from "../../components/Checklist.tsx";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import type { PageMeta } from "../../components/head.ts";
import { Island } from "../../components/Island.tsx";
import { CallToAction, PageHeader } from "../../components/Section.tsx";
import { useSite } from "../../components/SiteContext.tsx";
import type { StaticPath } from "../../components/static-paths.ts";
import { caseStudyArticle } from "../../components/structured-data.ts";
import { caseStudies, caseStudyPath } from "../../content/case-studies.ts";
import { closingCta } from "../../content/closing-cta.ts";
import { visitLabel } from "../../content/site.ts";
import type { CaseStudy } from "../../content/types.ts";
import CaseStudyDownload from "../../islands/CaseStudyDownload.tsx";

/** A neighbouring study in the list's order, as the page links to it. */
interface Neighbour {
  title: string;
  path: string;
}

interface Props {
  study: CaseStudy;
  previous: Neighbour | null;
  next: Neighbour | null;
}

export function getStaticPaths(): StaticPath<Props>[] {
  const neighbour = (study: CaseStudy | undefined) => (study ? { title: study.title, path: caseStudyPath(study) } : null);
  return caseStudies.map((study, i) => ({
    params: { slug: caseStudyPath(study).replace("/case-studies/", "") },
    props: { study, previous: neighbour(caseStudies[i - 1]), next: neighbour(caseStudies[i + 1]) },
  }));
}

/** The first sentence of the challenge, within a search result's length. */
function summary(study: CaseStudy): string {
  const sentence = study.challenge.replace(/(?<=[.!?])\s.*$/s, "");
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

export const meta = ({ study }: Props): PageMeta => {
  const description = `${study.subtitle}. ${summary(study)}`;
  return {
    title: study.title,
    description,
    keywords: ["case study", ...study.subtitle.split(" · ")],
    schema: { presents: [caseStudyArticle(study, caseStudyPath(study), description)] },
  };
};

export default function CaseStudyPage({ study, previous, next }: Props) {
  const { endpoints } = useSite();
  return (
    <>
      <PageHeader
        up={{ href: "/case-studies", label: "Work" }}
        eyebrow={study.featured ? "Featured Case Study" : "Case Study"}
        heading={study.title}
        intro={study.subtitle}
      />
      <section className="section" aria-label="The engagement">
        <div className="container split study-page">
          <CaseStudyStory study={study} level="h2" />
          <div className="card">
            <h2 className="study__label">{study.featured ? "Key Results" : "Results"}</h2>
            <Checklist items={study.results} />
            <div className="study__actions">
              {study.isExternalLink ? (
                <ExternalLink href={study.pdfUrl} className="button button--primary">
                  {visitLabel(study.pdfUrl)}
                </ExternalLink>
              ) : (
                <Island component={CaseStudyDownload} props={{ endpoint: endpoints.download, title: study.title, pdfUrl: study.pdfUrl }} />
              )}
            </div>
          </div>
        </div>
      </section>
      <nav className="container study-pager" aria-label="More case studies">
        {previous && (
          <a className="study-pager__link" href={previous.path} rel="prev">
            <span className="study-pager__direction">Previous case study</span>
            {previous.title}
          </a>
        )}
        {next && (
          <a className="study-pager__link study-pager__link--next" href={next.path} rel="next">
            <span className="study-pager__direction">Next case study</span>
            {next.title}
          </a>
        )}
      </nav>
      <CallToAction heading={closingCta.heading} text={closingCta.text} cta={closingCta.cta} />
    </>
  );
}
