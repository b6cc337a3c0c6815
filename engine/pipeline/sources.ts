// The project's source folders: what each step of the pipeline is made from, and so what the dev server watches.

export const PAGE_SOURCES = ["pages", "components", "content", "islands", "shared", "browser", "art"];
export const ISLAND_SOURCES = ["islands", "browser", "shared"];
export const STYLE_SOURCES = "styles";
export const PUBLIC_SOURCES = "public";
export const SITE_SOURCES = [...new Set([...PAGE_SOURCES, ...ISLAND_SOURCES, STYLE_SOURCES, PUBLIC_SOURCES])];
/** The build's own code, the content store's declaration (all else of the site comes through the page bundle) and the
 * settings it reads once: a change to any of them restarts the dev server. */
export const BUILD_SOURCES = ["engine", "build.ts", "content/collections.ts", ".env", ".htmlvalidate.json", "tsconfig.json"];
