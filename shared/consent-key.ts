/** Where the visitor's analytics consent choice is kept (browser/consent.ts), named in the privacy policy.
 * A module of its own: shared with the theme key, the two islands' bundles would need a chunk for it. */
export const CONSENT_STORAGE_KEY = "consent";
