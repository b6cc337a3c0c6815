// The project's source folders: what each step of the pipeline is made from, and so what the dev server watches.

/** The folders the page bundle is made from, the images the pages name included. */
export const PAGE_SOURCES = ["pages", "components", "content", "islands", "shared", "browser", "art"];
export const ISLAND_SOURCES = ["islands", "browser", "shared"];
export const STYLE_SOURCES = "styles";
/** Files copied as they are, and the logos the pages inline. */
export const PUBLIC_SOURCES = "public";
export const SITE_SOURCES = [...new Set([...PAGE_SOURCES, ...ISLAND_SOURCES, STYLE_SOURCES, PUBLIC_SOURCES])];
/** The content store's declaration, which the engine runs itself; all else it reads of the site comes through the page bundle. */
export const CONTENT_STORE_SOURCES = ["content/collections.ts"];
/** The build's own code and the settings it reads once: a change to any of them restarts the dev server. */
export const BUILD_SOURCES = ["engine", "build.ts", ...CONTENT_STORE_SOURCES, ".env", ".htmlvalidate.json", "tsconfig.json"];
