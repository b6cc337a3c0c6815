// The Markdown collection `npm run bench` builds on both sides: the Astro peer's notes (its `node
// gen-notes.mjs N`: a glob() loader and a zod schema over content/notes/*.md, a page per note) and ours
// made of the very same files, as a folder collection registered in a project copy's
// content/collections.ts, with a page per note (pages/notes/[slug].tsx). The repository itself has no
// notes: a bench grows a copy by them, as it grows it by the JSON list's entries.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProjectCopy } from "./project-copy.ts";

/** Where the notes are, on both sides. */
export const NOTES_FOLDER = "content/notes";

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

/** `from` replaced once by `to`; fails when `from` is not there, so the copy is never left half-grown. */
function inserted(source: string, from: string, to: string, file: string): string {
  if (!source.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}: the bench cannot register the notes there`);
  return source.replace(from, to);
}

/** Our copy grown by the peer's notes (the same files, copied from `peerDir`): the collection, its schema and its page. */
export function addNotes(project: ProjectCopy, peerDir: string): void {
  const at = (file: string) => join(project.dir, file);
  cpSync(join(peerDir, NOTES_FOLDER), at(NOTES_FOLDER), { recursive: true });
  const collections = "content/collections.ts";
  let source = readFileSync(at(collections), "utf8");
  source = inserted(source, "/** Each folder whose Markdown files", `${NOTE_SCHEMA}/** Each folder whose Markdown files`, collections);
  source = inserted(
    source,
    '  "content/case-studies": { entry: caseStudy, orderBy: "order" },\n',
    '  "content/case-studies": { entry: caseStudy, orderBy: "order" },\n  "content/notes": { entry: note, orderBy: "date" },\n',
    collections,
  );
  writeFileSync(at(collections), source);
  writeFileSync(at("content/modules.d.ts"), readFileSync(at("content/modules.d.ts"), "utf8") + NOTE_MODULE);
  mkdirSync(at("pages/notes"), { recursive: true });
  writeFileSync(at("pages/notes/[slug].tsx"), NOTE_PAGE);
}

/** The edited note (EDITED_NOTE) with its title changed for the `edit`th time, written in `dir`. */
export function retitleNote(dir: string, original: string, edit: number): void {
  const changed = original.replace(/^title: (.+)$/m, `title: $1, edit ${edit}`);
  if (changed === original) throw new Error(`${EDITED_NOTE} has no title line to change`);
  writeFileSync(join(dir, EDITED_NOTE), changed);
}
