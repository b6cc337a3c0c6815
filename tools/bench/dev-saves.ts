// The saves the dev loop times, ours beside the Astro peer's of the same kind.

/** An expression the page evaluates: true once the save shows. */
export type Probe = string;
export type Edit = { route: string; file: string; text: (original: string, save: number) => string; probe: (save: number) => Probe };
export type DevComparison = { label: string; limit: number; ours: Edit; astro: Edit };

/** `from` replaced by `to` (a string every time, a pattern once); fails when it is not there, so no edit saves nothing. */
export function replaced(source: string, from: string | RegExp, to: string, missing = `"${from}" is not in the file the bench edits`): string {
  const changed = typeof from === "string" ? source.replaceAll(from, to) : source.replace(from, to);
  if (changed === source) throw new Error(missing);
  return changed;
}

const hasText = (selector: string, text: string): Probe =>
  `[...document.querySelectorAll(${JSON.stringify(selector)})].some((e) => e.textContent.includes(${JSON.stringify(text)}))`;
/** Save i replaces `from` by `to` and shows once an element of `selector` has `shown`, each "#" in them made i. */
const textSave = (route: string, file: string, from: string | RegExp, to: string, selector: string, shown: string): Edit => ({
  route,
  file,
  text: (source, i) => replaced(source, from, to.replaceAll("#", String(i)), `${file} has no ${from} for the bench to edit`),
  probe: (i) => hasText(selector, shown.replaceAll("#", String(i))),
});
const styleSave = (route: string, file: string, selector: string, property: string): Edit => ({
  route,
  file,
  text: (source, i) => `${source}\n${selector} { ${property}: ${i}px; }\n`,
  probe: (i) => `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).getPropertyValue("${property}") === "${i}px"`,
});

const titleAndHeading = (title: string, heading: string): Probe => `document.title.includes(${JSON.stringify(title)}) && ${hasText("h1", heading)}`;

/** The peer has one stylesheet (src/styles/global.css) where ours has partials and an entry: both are timed against it. */
export const DEV_COMPARISONS: DevComparison[] = [
  {
    label: "page file, title and heading", // the page's meta title too: its social card changes with it
    limit: 0.5,
    ours: {
      route: "/case-studies",
      file: "pages/case-studies.tsx",
      text: (source, i) => replaced(source, '"Client Success Stories"', `"Client Success Stories v${i}"`),
      probe: (i) => titleAndHeading(`Client Success Stories v${i}`, `Client Success Stories v${i}`),
    },
    astro: {
      route: "/case-studies",
      file: "content/pages.json",
      text: (source, i) => replaced(replaced(source, '"Case studies"', `"Case studies v${i}"`), '"Selected case studies"', `"Selected case studies v${i}"`),
      probe: (i) => titleAndHeading(`Case studies v${i}`, `Selected case studies v${i}`),
    },
  },
  {
    label: "page file, its page open",
    limit: 0.5,
    ours: textSave(
      "/case-studies",
      "pages/case-studies.tsx",
      'heading="Client Success Stories',
      'heading="Client Success Stories [page save #]',
      "h1",
      "[page save #]",
    ),
    astro: textSave("/case-studies", "src/pages/[...slug].astro", "<h1>{page.h1}</h1>", "<h1>{page.h1} [page save #]</h1>", "h1", "[page save #]"),
  },
  {
    label: "content file feeding the open page",
    limit: 0.5,
    ours: textSave("/", "content/home.yaml", "Why leaders choose", "Save #: why leaders choose", "#about-heading", "Save #:"),
    astro: textSave("/case-studies", "content/pages.json", "Selected case studies", "Selected case studies [content save #]", "h1", "[content save #]"),
  },
  {
    label: "style partial",
    limit: 1.0,
    ours: styleSave("/", "styles/_base.scss", "#about-heading", "letter-spacing"),
    astro: styleSave("/case-studies", "src/styles/global.css", "h1", "letter-spacing"),
  },
  {
    label: "entry stylesheet (main.scss)",
    limit: 1.0,
    ours: styleSave("/", "styles/main.scss", "#about-heading", "word-spacing"),
    astro: styleSave("/case-studies", "src/styles/global.css", "h1", "word-spacing"),
  },
];

/** Ours alone: the peer has no island. */
export const ISLAND_EDIT = textSave("/", "islands/MobileMenu.tsx", /\n(\s*)Open\n/, "\n$1Open #\n", ".site-menu__open", "Open #");

/** A case study's Markdown saved with its page open, timed against the peer's dev server started with its notes on. */
const STUDY = { route: "/case-studies/eqos-initiative", file: "content/case-studies/eqos-initiative.md" };
export const MARKDOWN_SAVE: DevComparison = {
  label: "Markdown entry, its page open",
  limit: 0.5,
  ours: textSave(STUDY.route, STUDY.file, "The EQOS Initiative brought", "Save #: the EQOS Initiative brought", "p", "Save #: the EQOS Initiative"),
  astro: textSave("/notes/note-0", "content/notes/note-0.md", "A first paragraph of note 0", "A first paragraph of note 0 [save #]", "p", "[save #]"),
};

/** The same file with an error its schema finds (a day February lacks), until the overlay names the file. */
export const SCHEMA_ERROR: Edit = {
  ...STUDY,
  text: (source) => replaced(source, /^published: .*$/m, "published: 2026-02-30", `${STUDY.file} has no published: line to break`),
  probe: () => hasText("#dev-overlay", STUDY.file),
};
export const OVERLAY_CLEARED: Probe = `document.getElementById("dev-overlay") === null`;
