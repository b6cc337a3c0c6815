/** Where the visitor's theme choice is kept: written by the toggle (theme.tsx), read by the head script
 * (components/theme-script.ts). A module of its own, so neither pulls in the other: the build hashes the
 * head script without loading React, and the browser bundle does not carry the head script's text. */
export const THEME_STORAGE_KEY = "theme";
