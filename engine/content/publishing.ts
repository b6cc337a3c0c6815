// When an entry of a folder collection is on the site: one rule for the build and the CMS (browser/cms-entry.ts).

export const utcToday = () => new Date().toISOString().slice(0, 10);

export function unpublishedReason(entry: { draft?: boolean; publishAt?: string; expiresAt?: string }, today: string): string | undefined {
  if (entry.draft) return "a draft";
  if (entry.publishAt && entry.publishAt > today) return `to be published on ${entry.publishAt}`;
  if (entry.expiresAt && entry.expiresAt <= today) return `taken down on ${entry.expiresAt}`;
}
