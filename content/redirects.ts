// Old or alternative addresses and where they go. Every host's recipe is generated from this list.

export interface Redirect {
  /** A site path that has no page of its own, e.g. "/work". */
  from: string;
  /** The route it leads to, in the exact form the site serves it. */
  to: string;
  /** 301 for a move that is for good; 302 while it may change. */
  status: 301 | 302;
}

export const redirects: Redirect[] = [
  // The header calls /case-studies "Work", so visitors type /work.
  { from: "/work", to: "/case-studies", status: 301 },
];
