// The saves `npm run bench` times in the dev loop (tools/bench/dev-loop.ts), ours beside the Astro
// peer's of the same kind: what each writes, the page open meanwhile, and what the page shows once it has
// the save.

/** An expression the page evaluates: true once the save shows. */
export type Probe = string;

/** One kind of save on one side: the file, what each save writes, the page open meanwhile, and when it shows. */
export interface Edit {
  route: string;
  file: string;
  text: (original: string, save: number) => string;
  probe: (save: number) => Probe;
}

export interface DevComparison {
  label: string;
  limit: number;
  ours: Edit;
  astro: Edit;
}

const hasText = (selector: string, text: string): Probe =>
  `document.querySelector(${JSON.stringify(selector)})?.textContent?.includes(${JSON.stringify(text)}) === true`;
const hasStyle = (selector: string, property: "letterSpacing" | "wordSpacing", value: string): Probe =>
  `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).${property} === ${JSON.stringify(value)}`;
/** The heading shows `heading` and the document's title `title`: a patched page, or a reloaded one. */
const hasTitleAndHeading = (title: string, heading: string): Probe => `document.title.includes(${JSON.stringify(title)}) && ${hasText("h1", heading)}`;

/** `from` replaced by `to` (a string every time it occurs, a pattern once); fails with `missing` when it is not
 * there, so an edit never silently saves nothing. */
export function replaced(source: string, from: string | RegExp, to: string, missing = `"${from}" is not in the file the bench edits`): string {
  const changed = typeof from === "string" ? source.replaceAll(from, to) : source.replace(from, to);
  if (changed === source) throw new Error(missing);
  return changed;
}

/** The peer's list (content/pages.json) with one entry's title and heading each given `suffix`, as
 * astro-peer.ts writes the list (one space of indent). */
function retitledEntry(source: string, slug: string, suffix: string): string {
  const entries = JSON.parse(source) as { slug: string; title: string; h1: string }[];
  const entry = entries.find((one) => one.slug === slug);
  if (!entry) throw new Error(`the peer's content/pages.json has no entry "${slug}"`);
  entry.title += suffix;
  entry.h1 += suffix;
  return JSON.stringify(entries, null, 1);
}

/** The kinds of save timed on both sides. Astro's peer has one stylesheet (src/styles/global.css) where
 * ours has partials and an entry (styles/main.scss): both of ours are timed against it. */
export const DEV_COMPARISONS: DevComparison[] = [
  {
    // The title is the page's meta title and its heading alike: its social card changes with it.
    label: "page file, title and heading",
    limit: 0.5,
    ours: {
      route: "/case-studies",
      file: "pages/case-studies.tsx",
      text: (source, i) => replaced(source, '"Client Success Stories"', `"Client Success Stories v${i}"`),
      probe: (i) => hasTitleAndHeading(`Client Success Stories v${i}`, `Client Success Stories v${i}`),
    },
    astro: {
      route: "/case-studies",
      file: "content/pages.json",
      text: (source, i) => retitledEntry(source, "case-studies", ` v${i}`),
      probe: (i) => hasTitleAndHeading(`Case studies v${i}`, `Selected case studies v${i}`),
    },
  },
  {
    label: "page file, its page open",
    limit: 0.5,
    ours: {
      route: "/case-studies",
      file: "pages/case-studies.tsx",
      text: (source, i) => replaced(source, 'heading="Client Success Stories"', `heading="Client Success Stories [page save ${i}]"`),
      probe: (i) => hasText("h1", `[page save ${i}]`),
    },
    astro: {
      route: "/case-studies",
      file: "src/pages/[...slug].astro",
      text: (source, i) => replaced(source, "<h1>{page.h1}</h1>", `<h1>{page.h1} [page save ${i}]</h1>`),
      probe: (i) => hasText("h1", `[page save ${i}]`),
    },
  },
  {
    label: "content file feeding the open page",
    limit: 0.5,
    ours: {
      route: "/",
      file: "content/home.yaml",
      text: (source, i) => replaced(source, "Why leaders choose", `Save ${i}: why leaders choose`),
      probe: (i) => hasText("#about-heading", `Save ${i}:`),
    },
    astro: {
      route: "/case-studies",
      file: "content/pages.json",
      text: (source, i) => replaced(source, "Selected case studies", `Selected case studies [content save ${i}]`),
      probe: (i) => hasText("h1", `[content save ${i}]`),
    },
  },
  {
    label: "style partial",
    limit: 1.0,
    ours: {
      route: "/",
      file: "styles/_base.scss",
      text: (source, i) => `${source}\n#about-heading { letter-spacing: ${i}px; }\n`,
      probe: (i) => hasStyle("#about-heading", "letterSpacing", `${i}px`),
    },
    astro: {
      route: "/case-studies",
      file: "src/styles/global.css",
      text: (source, i) => `${source}\nh1 { letter-spacing: ${i}px; }\n`,
      probe: (i) => hasStyle("h1", "letterSpacing", `${i}px`),
    },
  },
  {
    label: "entry stylesheet (main.scss)",
    limit: 1.0,
    ours: {
      route: "/",
      file: "styles/main.scss",
      text: (source, i) => `${source}\n#about-heading { word-spacing: ${i}px; }\n`,
      probe: (i) => hasStyle("#about-heading", "wordSpacing", `${i}px`),
    },
    astro: {
      route: "/case-studies",
      file: "src/styles/global.css",
      text: (source, i) => `${source}\nh1 { word-spacing: ${i}px; }\n`,
      probe: (i) => hasStyle("h1", "wordSpacing", `${i}px`),
    },
  },
];

/** Ours alone: Astro's peer has no counterpart to time it against. */
export const ISLAND_EDIT: Edit = {
  route: "/",
  file: "islands/MobileMenu.tsx",
  text: (source, i) => replaced(source, /\n(\s*)Open\n/, `\n$1Open ${i}\n`, "islands/MobileMenu.tsx has no Open label on a line of its own to edit"),
  probe: (i) => hasText(".site-menu__open", `Open ${i}`),
};

/** Whether any paragraph of the page shows `text`. */
const paragraphHas = (text: string): Probe => `[...document.querySelectorAll("p")].some((p) => p.textContent.includes(${JSON.stringify(text)}))`;

/** The case study both Markdown saves below edit, and its page. */
const STUDY = { route: "/case-studies/eqos-initiative", file: "content/case-studies/eqos-initiative.md" };

/** A collection entry's Markdown file saved with its page open: its first paragraph changed. Astro's
 * peer has Markdown entries only once its notes collection is on (gen-notes.mjs), so this kind is timed
 * against a dev server of the peer started with them. */
export const MARKDOWN_SAVE: DevComparison = {
  label: "Markdown entry, its page open",
  limit: 0.5,
  ours: {
    ...STUDY,
    text: (source, i) => replaced(source, "The EQOS Initiative brought together", `Save ${i}: the EQOS Initiative brought together`),
    probe: (i) => paragraphHas(`Save ${i}: the EQOS Initiative`),
  },
  astro: {
    route: "/notes/note-0",
    file: "content/notes/note-0.md",
    text: (source, i) => replaced(source, "A first paragraph of note 0", `A first paragraph of note 0 [save ${i}]`),
    probe: (i) => paragraphHas(`[save ${i}]`),
  },
};

/** The same file saved with an error its schema finds (a day February does not have), until the dev
 * server's overlay names the file: an error must reach the screen at least as fast as a good save. */
export const SCHEMA_ERROR: Edit = {
  ...STUDY,
  text: (source) => replaced(source, /^published: .*$/m, "published: 2026-02-30", `${STUDY.file} has no published: line to break`),
  probe: () => hasText("#dev-overlay", STUDY.file),
};

/** The overlay gone again, once the file is good. */
export const OVERLAY_CLEARED: Probe = `document.getElementById("dev-overlay") === null`;
