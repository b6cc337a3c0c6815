// External addresses the link check leaves alone on purpose, each with the reason: a link known to be
// right that the check cannot judge (a site that answers every script 404), or one whose fix is on its
// way. The report lists them, so a silenced link stays in sight. An address is matched as written in the
// page (its #fragment aside), e.g.
//   { address: "https://example.org/members-only", reason: "answers 404 to anyone not signed in; checked by hand 2026-11" },
export interface SkippedLink {
  address: string;
  reason: string;
}

export const skippedLinks: SkippedLink[] = [];
