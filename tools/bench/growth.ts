// Both sites grown as real sites grow, for the build figures. By N entries of one template: ours by
// content/insights.json and its page file pages/insights/[slug].tsx, the peer by the same entries in its
// content/pages.json. Or by the same Markdown notes: the peer's own collection (its `node gen-notes.mjs N`:
// a glob() loader and a zod schema over content/notes/*.md, a page per note), and ours the very files it
// wrote, as a folder collection registered in the copy's content/collections.ts, with a page per note
// (pages/notes/[slug].tsx). The repository itself has neither: a bench grows a copy.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProjectCopy } from "../support/project-copy.ts";
import type { AstroPeer, PeerEntry } from "./astro-peer.ts";
import { replaced } from "./dev-saves.ts";

export const entries = (count: number): PeerEntry[] =>
  Array.from({ length: count }, (_, i) => ({ slug: `gen-${i + 1}`, title: `Insight ${i + 1}`, h1: `Insight ${i + 1}` }));

/** Entry 1 with another heading: the edit of one entry. */
export const edited = (list: PeerEntry[], edit: number): PeerEntry[] => [{ ...list[0], h1: `Insight 1, edit ${edit}` }, ...list.slice(1)];

/** Our collection page for the entries: the peer's template in our terms (a heading and its three paragraphs). */
const INSIGHT_PAGE = `import type { PageMeta } from "../../components/head.ts";
import type { StaticPath } from "../../components/static-paths.ts";
import insights from "../../content/insights.json";
import shared from "../../content/shared.json";

interface Props {
  title: string;
  h1: string;
}

export function getStaticPaths(): StaticPath<Props>[] {
  return insights.map(({ slug, title, h1 }) => ({ params: { slug }, props: { title, h1 } }));
}

export const meta = ({ title }: Props): PageMeta => ({
  title,
  description: "An insight from the firm: one entry of a list, all of them made by one page file.",
  // The peer's shape: its pages share one social image, none has a card of its own.
  socialCard: false,
});

export default function InsightPage({ h1 }: Props) {
  return (
    <section className="section">
      <div className="container">
        <h1>{h1}</h1>
        {shared.paras.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </section>
  );
}
`;

/** Our project grown by these entries: content/insights.json, the peer's shared.json, and the page file. */
export function addInsights(project: ProjectCopy, peer: AstroPeer, list: PeerEntry[]): void {
  writeFileSync(join(project.dir, "content/shared.json"), readFileSync(join(peer.dir, "content/shared.json")));
  writeInsights(project, list);
  mkdirSync(join(project.dir, "pages/insights"), { recursive: true });
  writeFileSync(join(project.dir, "pages/insights/[slug].tsx"), INSIGHT_PAGE);
}

export function writeInsights(project: ProjectCopy, list: PeerEntry[]): void {
  writeFileSync(join(project.dir, "content/insights.json"), JSON.stringify(list, null, 1));
}

/** Where the notes are, on both sides. */
const NOTES_FOLDER = "content/notes";

/** The note whose title the bench edits, on both sides. */
export const EDITED_NOTE = `${NOTES_FOLDER}/note-0.md`;

/** The peer's schema (markdown/content.config.ts: title, description, date, draft) in our terms; a date is
 * a day written YYYY-MM-DD, which props keep as it is (a Date is not plain JSON). Inserted where every
 * helper it uses (text, day, publishing, markdown) is declared. */
const NOTE_SCHEMA = `/** A note: content/notes/<slug>.md, its page /notes/<slug> (added by npm run bench in a copy). */
export const note = z.strictObject({
  title: text("the note's title"),
  description: text("one or two sentences"),
  date: day,
  draft: publishing.draft,
  body: markdown("the note's text"),
});
export type Note = z.output<typeof note> & Entry;

`;

const NOTE_MODULE = `
declare module "*/notes" {
  /** Every note, oldest first. */
  const notes: import("./collections.ts").Note[];
  export default notes;
}
`;

/** The peer's note page (markdown/[slug].astro) in our terms: the note's title as its heading, then its text. */
const NOTE_PAGE = `import type { PageMeta } from "../../components/head.ts";
import { Markdown } from "../../components/Markdown.tsx";
import type { StaticPath } from "../../components/static-paths.ts";
import type { Note } from "../../content/collections.ts";
import notes from "../../content/notes";

interface Props {
  note: Note;
}

export function getStaticPaths(): StaticPath<Props>[] {
  return notes.map((note) => ({ params: { slug: note.slug }, props: { note } }));
}

export const meta = ({ note }: Props): PageMeta => ({
  title: note.title,
  description: note.description,
  // The peer's shape: its pages share one social image, none has a card of its own.
  socialCard: false,
});

export default function NotePage({ note }: Props) {
  return (
    <section className="section">
      <div className="container">
        <h1>{note.title}</h1>
        <Markdown blocks={note.body} />
      </div>
    </section>
  );
}
`;

/** Our copy grown by the peer's notes (the same files, copied from `peerDir`): the collection, its schema and its page. */
export function addNotes(project: ProjectCopy, peerDir: string): void {
  const at = (file: string) => join(project.dir, file);
  cpSync(join(peerDir, NOTES_FOLDER), at(NOTES_FOLDER), { recursive: true });
  const collections = "content/collections.ts";
  const missing = (text: string) => `${collections} no longer holds ${JSON.stringify(text)}: the bench cannot register the notes there`;
  const folders = "/** Each folder whose Markdown files";
  const studies = '  "content/case-studies": { entry: caseStudy, orderBy: "order" },\n';
  let source = replaced(readFileSync(at(collections), "utf8"), folders, `${NOTE_SCHEMA}${folders}`, missing(folders));
  source = replaced(source, studies, `${studies}  "content/notes": { entry: note, orderBy: "date" },\n`, missing(studies));
  writeFileSync(at(collections), source);
  writeFileSync(at("engine/content/imports.d.ts"), readFileSync(at("engine/content/imports.d.ts"), "utf8") + NOTE_MODULE);
  mkdirSync(at("pages/notes"), { recursive: true });
  writeFileSync(at("pages/notes/[slug].tsx"), NOTE_PAGE);
}

/** The edited note (EDITED_NOTE) with its title changed for the `edit`th time, written in `dir`. */
export function retitleNote(dir: string, original: string, edit: number): void {
  writeFileSync(join(dir, EDITED_NOTE), replaced(original, /^title: (.+)$/m, `title: $1, edit ${edit}`, `${EDITED_NOTE} has no title line to change`));
}
