// What the site keeps in the visitor's localStorage, named once: the server prints these names (the
// head script, the privacy policy) and the browser code reads and writes them.

/** Where the visitor's theme choice is kept: written by the toggle (theme.tsx), read by the head script
 * (theme-script.ts). A module of its own, so neither pulls in the other: the build hashes the head script
 * without loading React, and the browser bundle does not carry the head script's text. */
export const THEME_STORAGE_KEY = "theme";

/** Where the visitor's analytics consent choice is kept (browser/consent.ts), named in the privacy policy. */
export const CONSENT_STORAGE_KEY = "consent";
