import { CaseStudyStory } from "../../components/CaseStudyStory.tsx";
import { Checklist } from "../../components/Checklist.tsx";
import { caseStudyPath, caseStudyPdfPath, resultsOf } from "../../components/case-studies.ts";
import { ExternalLink, visitLabel } from "../../components/ExternalLink.tsx";
import type { PageMeta } from "../../components/head.ts";
import { Island } from "../../components/Island.tsx";
import { Picture } from "../../components/Picture.tsx";
import { CallToAction, PageHeader } from "../../components/Section.tsx";
import { useSite } from "../../components/SiteContext.tsx";
import type { StaticPath } from "../../components/static-paths.ts";
import { caseStudyArticle } from "../../components/structured-data.ts";
import caseStudies from "../../content/case-studies";
import type { CaseStudy } from "../../content/collections.ts";
import site from "../../content/site.yaml";
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
    params: { slug: study.slug },
    props: { study, previous: neighbour(caseStudies[i - 1]), next: neighbour(caseStudies[i + 1]) },
  }));
}

/** What the page's header calls it, and its social card too. */
const kindOf = (study: CaseStudy) => (study.featured ? "Featured Case Study" : "Case Study");

export const meta = ({ study }: Props): PageMeta => {
  return {
    title: study.title,
    description: study.summary,
    keywords: ["case study", ...study.subtitle.split(" · ")],
    section: kindOf(study),
    published: study.published,
    schema: { presents: [caseStudyArticle(study, caseStudyPath(study), study.summary)] },
  };
};

export default function CaseStudyPage({ study, previous, next }: Props) {
  const { endpoints } = useSite();
  return (
    <>
      <PageHeader
        up={{ href: "/case-studies", label: "Work" }}
        notice={study.unpublished && `Not published: ${study.unpublished}. Only the dev server shows this page.`}
        eyebrow={kindOf(study)}
        heading={study.title}
        intro={study.subtitle}
      />
      <section className="section" aria-label="The engagement">
        {study.cover && (
          <div className="container">
            <Picture image={study.cover} alt={study.cover.alt} sizes="(min-width: 72rem) 72rem, calc(100vw - 2.5rem)" className="study__cover" />
          </div>
        )}
        <div className="container split study-page">
          <CaseStudyStory study={study} level="h2" />
          <div className="card">
            <h2 className="study__label">{study.featured ? "Key Results" : "Results"}</h2>
            <Checklist items={resultsOf(study)} />
            <div className="study__actions">
              {study.link ? (
                <ExternalLink href={study.link} className="button button--primary">
                  {visitLabel(study.link)}
                </ExternalLink>
              ) : (
                <Island component={CaseStudyDownload} props={{ endpoint: endpoints.download, title: study.title, pdfUrl: caseStudyPdfPath(study) }} />
              )}
            </div>
          </div>
        </div>
      </section>
      <nav className="container study-pager" aria-label="More case studies">
        {previous && (
          <a className="study-pager__link" href={previous.path} rel="prev">
            <span className="study-pager__direction">Previous case study</span> <span>{previous.title}</span>
          </a>
        )}
        {next && (
          <a className="study-pager__link study-pager__link--next" href={next.path} rel="next">
            <span className="study-pager__direction">Next case study</span> <span>{next.title}</span>
          </a>
        )}
      </nav>
      <CallToAction {...site.closingCta} />
    </>
  );
}
