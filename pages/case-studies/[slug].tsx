import { CaseStudyStory } from "../../components/CaseStudyStory.tsx";
import { Checklist } from "../../components/Checklist.tsx";
import { ExternalLink, visitLabel } from "../../components/ExternalLink.tsx";
import type { PageMeta } from "../../components/head.ts";
import { Island } from "../../components/Island.tsx";
import { CallToAction, PageHeader } from "../../components/Section.tsx";
import { useSite } from "../../components/SiteContext.tsx";
import type { StaticPath } from "../../components/static-paths.ts";
import { caseStudyArticle } from "../../components/structured-data.ts";
import { caseStudies, caseStudyPath } from "../../content/case-studies.ts";
import site from "../../content/site.yaml";
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

/** A search result shows about this many characters of a description, and cuts a longer one wherever it likes. */
const SUMMARY_LIMIT = 160;

/** The study's summary as its page's description, once it is whole sentences a search result shows in full. */
function summaryOf(study: CaseStudy): string {
  const where = `content/case-studies.ts: "${study.title}"`;
  const summary = study.summary?.trim() ?? "";
  if (!summary) throw new Error(`${where} has no summary; write one or two sentences for search results, ${SUMMARY_LIMIT} characters at most`);
  if (summary.length > SUMMARY_LIMIT)
    throw new Error(
      `${where}: its summary is ${summary.length} characters; a search result shows about ${SUMMARY_LIMIT}, so shorten it to ${SUMMARY_LIMIT} or fewer`,
    );
  if (!/[.!?]$/.test(summary)) throw new Error(`${where}: its summary does not end a sentence; end it with a full stop so no result reads as cut off`);
  return summary;
}

/** The day the study's page was first published, once it is a real day written YYYY-MM-DD. */
function publishedOf(study: CaseStudy): string {
  const day = study.published ?? "";
  const time = Date.parse(`${day}T00:00:00Z`);
  // A day that does not exist (2026-02-30) is not a date, or comes back from Date as another.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day)
    throw new Error(
      `content/case-studies.ts: "${study.title}": published is ${JSON.stringify(study.published)}; write the day its page went live as YYYY-MM-DD`,
    );
  return day;
}

/** What the page's header calls it, and its social card too. */
const kindOf = (study: CaseStudy) => (study.featured ? "Featured Case Study" : "Case Study");

export const meta = ({ study }: Props): PageMeta => {
  const description = summaryOf(study);
  return {
    title: study.title,
    description,
    keywords: ["case study", ...study.subtitle.split(" · ")],
    section: kindOf(study),
    published: publishedOf(study),
    schema: { presents: [caseStudyArticle(study, caseStudyPath(study), description)] },
  };
};

export default function CaseStudyPage({ study, previous, next }: Props) {
  const { endpoints } = useSite();
  return (
    <>
      <PageHeader up={{ href: "/case-studies", label: "Work" }} eyebrow={kindOf(study)} heading={study.title} intro={study.subtitle} />
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
