// Shapes written by hand that no content file's schema (content/collections.ts) describes yet: the case
// studies' (content/case-studies.ts), and the bio page's tabs.

/** One engagement on /case-studies; all but the featured one also print to a downloadable PDF. */
export interface CaseStudy {
  title: string;
  subtitle: string;
  /** What the study's page says in a search result or a link preview: whole sentences, at most 160
   * characters (a result shows about that many and cuts the rest wherever it likes). */
  summary: string;
  /** The day the study's page was first published, as YYYY-MM-DD: its Article's datePublished. */
  published: string;
  /** /case-studies/<slug>.pdf, or the external product site for the featured study. */
  pdfUrl: string;
  challenge: string;
  solution: string;
  results: string[];
  featured: boolean;
  isExternalLink: boolean;
}

/** A panel of /bio, by its id. The tabs are the bio page's structure, not copy (pages/bio.tsx lists
 * them); their type stays here because the island reads it from here and the island's source is its
 * bundle's name in every page (a type moved changes the minified names, though not the code). */
export type BioTabValue = "background" | "expertise" | "experience" | "education" | "publications";

/** One tab of /bio: its panel is readable without JavaScript too. */
export interface BioTab {
  label: string;
  value: BioTabValue;
}
