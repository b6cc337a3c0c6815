// The bio page's tabs: page structure, not the firm's copy, so no content file's schema describes them.

/** A panel of /bio, by its id. The tabs are the bio page's structure, not copy (pages/bio.tsx lists
 * them); their type stays here because the island reads it from here and the island's source is its
 * bundle's name in every page (a type moved changes the minified names, though not the code). */
export type BioTabValue = "background" | "expertise" | "experience" | "education" | "publications";

/** One tab of /bio: its panel is readable without JavaScript too. */
export interface BioTab {
  label: string;
  value: BioTabValue;
}
