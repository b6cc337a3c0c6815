// What a case study's page, its list entry and its PDF derive from its file (content/case-studies/<slug>.md).
import type { CaseStudy } from "../content/collections.ts";
import type { Inline } from "../engine/content/markdown.ts";

/** The study's page: /case-studies/<its file's name>. */
export function caseStudyPath(study: CaseStudy): string {
  return `/case-studies/${study.slug}`;
}

/** Where the study's PDF is: every study prints to one, but one with a `link` to its product's site. */
export function caseStudyPdfPath(study: CaseStudy): string {
  return `/case-studies/${study.slug}.pdf`;
}

/** The study's results: the items of the list under its ## Results heading. */
export function resultsOf(study: CaseStudy): Inline[][] {
  return study.body.results[0].list;
}
