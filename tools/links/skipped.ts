// External addresses the link check leaves alone on purpose, each with its reason (a link known to be right that
// the check cannot judge, or one whose fix is on its way); the report lists them. Matched as the page writes the
// address, its #fragment aside, e.g. { address: "https://example.org/members-only", reason: "answers 404 to anyone not signed in; checked by hand 2026-11" }
export type SkippedLink = { address: string; reason: string };
export const skippedLinks: SkippedLink[] = [];
