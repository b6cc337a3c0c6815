// When an entry of a folder collection is on the site: one rule, read by the build (modules.ts) and by the
// CMS in the browser (browser/cms-entry.ts), so neither holds a copy of it.

/** What an entry says of its publishing. */
export interface Dated {
  draft?: boolean;
  publishAt?: string;
  expiresAt?: string;
}

/** Today as the build writes a day (YYYY-MM-DD), in UTC, as a build without BUILD_DATE has it. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** Why an entry is not on the site on `today`, or undefined when it is. */
export function unpublishedReason(entry: Dated, today: string): string | undefined {
  if (entry.draft) return "a draft";
  if (entry.publishAt && entry.publishAt > today) return `to be published on ${entry.publishAt}`;
  if (entry.expiresAt && entry.expiresAt <= today) return `taken down on ${entry.expiresAt}`;
  return undefined;
}
