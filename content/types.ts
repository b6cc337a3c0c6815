// The shapes of everything the firm edits. Pages read these; nothing else holds copy.

/** One titled block of prose, optionally followed by a bulleted list. */
interface ProseSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

/** A legal page: /privacy (11 sections) or /terms (14 sections). */
export interface Policy {
  title: string;
  /** One or two sentences under the title, before the first section. */
  intro: string;
  sections: ProseSection[];
}

export type BioTabValue = "background" | "expertise" | "experience" | "education" | "publications";

/** One tab of /bio: its panel is readable without JavaScript too. */
export interface BioTab {
  label: string;
  value: BioTabValue;
}

/** A role, an area of expertise or a degree on the bio page. */
export interface BioEntry {
  title: string;
  /** The short line under the title: organisation and years, or a domain. */
  meta: string;
  description: string;
}

interface PublicationBase {
  title: string;
  /** Where it appeared: the publication for an article, the publishing organisation for a whitepaper. */
  outlet: string;
  /** Month and year as a visitor reads it, e.g. "March 2025". */
  date: string;
  /** ISO year-month for <time datetime>, e.g. "2025-03". */
  datetime: string;
}

/** An article links to its page; a whitepaper is a report an organisation publishes, and links to its PDF. */
export type Publication = (PublicationBase & { kind: "Article"; url: string }) | (PublicationBase & { kind: "Whitepaper"; url: `https://${string}.pdf` });

export interface Bio {
  background: string[];
  expertise: BioEntry[];
  experience: BioEntry[];
  education: BioEntry[];
  publications: Publication[];
}

/** A card in the home page's "Our Services". */
export interface ServiceArea {
  title: string;
  summary: string;
  points: string[];
}
