// The project's source folders, named once: what each step of the pipeline is made from, and so what
// the dev server watches.

/** The folders the page bundle is made from: a save in any of them bundles and renders again. The images
 * the pages name are in it (in art/, or beside the content), so a save of one reads its size again. */
export const PAGE_SOURCES = ["pages", "components", "content", "islands", "shared", "browser", "art"];
/** The folders the browser bundle is made from. */
export const ISLAND_SOURCES = ["islands", "browser", "shared"];
export const STYLE_SOURCES = "styles";
/** Files copied as they are (and the logos the pages inline). */
export const PUBLIC_SOURCES = "public";
/** Every folder the site is made from. */
export const SITE_SOURCES = [...new Set([...PAGE_SOURCES, ...ISLAND_SOURCES, STYLE_SOURCES, PUBLIC_SOURCES])];
/** The content store's declaration: the schemas every content file is checked and read with (the Markdown
 * reader and the {{ tokens }} are the engine's own, engine/content/). The engine runs it itself (engine/content/modules.ts); all else it reads of the
 * site comes through the page bundle. */
export const CONTENT_STORE_SOURCES = ["content/collections.ts"];
/** The build's own code and the settings it reads once: a change to any of them restarts the dev server. */
export const BUILD_SOURCES = ["engine", "build.ts", ...CONTENT_STORE_SOURCES, ".env", ".htmlvalidate.json", "tsconfig.json"];
