// Both sites' copies grown as real sites grow: by N entries of one template (ours content/insights.json, the peer's
// content/pages.json), or by the same Markdown notes (the peer's own collection, ours those files as a folder collection).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProjectCopy } from "../support/project-copy.ts";
import type { AstroPeer, PeerEntry } from "./astro-peer.ts";
import { replaced } from "./dev-saves.ts";

export const entries = (count: number): PeerEntry[] =>
  Array.from({ length: count }, (_, i) => ({ slug: `gen-${i + 1}`, title: `Insight ${i + 1}`, h1: `Insight ${i + 1}` }));

export const edited = (list: PeerEntry[], edit: number): PeerEntry[] => [{ ...list[0], h1: `Insight 1, edit ${edit}` }, ...list.slice(1)];

/** The peer's template in our terms: a heading and its three paragraphs; like the peer's pages, no social card of its own. */
const INSIGHT_PAGE = `import type { PageMeta } from "../../components/head.ts";
import type { StaticPath } from "../../components/static-paths.ts";
import insights from "../../content/insights.json";
import shared from "../../content/shared.json";
type Props = { title: string; h1: string };
export const getStaticPaths = (): StaticPath<Props>[] => insights.map(({ slug, title, h1 }) => ({ params: { slug }, props: { title, h1 } }));
export const meta = ({ title }: Props): PageMeta => ({ title, description: "An insight from the firm: one entry of a list, all of them made by one page file.", socialCard: false });
export default function InsightPage({ h1 }: Props) {
  return <section className="section"><div className="container"><h1>{h1}</h1>{shared.paras.map((text) => <p key={text}>{text}</p>)}</div></section>;
}
`;

export function addInsights(project: ProjectCopy, peer: AstroPeer, list: PeerEntry[]): void {
  writeFileSync(join(project.dir, "content/shared.json"), readFileSync(join(peer.dir, "content/shared.json")));
  writeInsights(project, list);
  mkdirSync(join(project.dir, "pages/insights"), { recursive: true });
  writeFileSync(join(project.dir, "pages/insights/[slug].tsx"), INSIGHT_PAGE);
}

export const writeInsights = (project: ProjectCopy, list: PeerEntry[]) =>
  writeFileSync(join(project.dir, "content/insights.json"), JSON.stringify(list, null, 1));

const NOTES_FOLDER = "content/notes";
export const EDITED_NOTE = `${NOTES_FOLDER}/note-0.md`;

/** The peer's schema in our terms, inserted where the helpers it uses are declared (a date stays a day, as props are plain JSON). */
const NOTE_SCHEMA = `export const note = z.strictObject({ title: text("the note's title"), description: text("one or two sentences"), date: day, draft: publishing.draft, body: markdown("the note's text") });
export type Note = z.output<typeof note> & Entry;
`;
const NOTE_MODULE = `\ndeclare module "*/notes" {\n  const notes: import("./collections.ts").Note[];\n  export default notes;\n}\n`;
/** The peer's note page in our terms: the note's title as its heading, then its text. */
const NOTE_PAGE = `import type { PageMeta } from "../../components/head.ts";
import { Markdown } from "../../components/Markdown.tsx";
import type { StaticPath } from "../../components/static-paths.ts";
import type { Note } from "../../content/collections.ts";
import notes from "../../content/notes";
type Props = { note: Note };
export const getStaticPaths = (): StaticPath<Props>[] => notes.map((note) => ({ params: { slug: note.slug }, props: { note } }));
export const meta = ({ note }: Props): PageMeta => ({ title: note.title, description: note.description, socialCard: false });
export default function NotePage({ note }: Props) {
  return <section className="section"><div className="container"><h1>{note.title}</h1><Markdown blocks={note.body} /></div></section>;
}
`;

/** Our copy grown by the peer's notes (the files in `peerDir`): the collection, its schema and its page. */
export function addNotes(project: Pick<ProjectCopy, "dir">, peerDir: string): void {
  const at = (file: string) => join(project.dir, file);
  cpSync(join(peerDir, NOTES_FOLDER), at(NOTES_FOLDER), { recursive: true });
  const collections = "content/collections.ts";
  const missing = (text: string) => `${collections} no longer holds ${JSON.stringify(text)}: the bench cannot register the notes there`;
  const folders = "/** Each folder whose Markdown files";
  const studies = '  "content/case-studies": { entry: caseStudy, orderBy: "order" },\n';
  const source = replaced(readFileSync(at(collections), "utf8"), folders, `${NOTE_SCHEMA}${folders}`, missing(folders));
  writeFileSync(at(collections), replaced(source, studies, `${studies}  "content/notes": { entry: note, orderBy: "date" },\n`, missing(studies)));
  writeFileSync(at("content/imports.d.ts"), readFileSync(at("content/imports.d.ts"), "utf8") + NOTE_MODULE);
  mkdirSync(at("pages/notes"), { recursive: true });
  writeFileSync(at("pages/notes/[slug].tsx"), NOTE_PAGE);
}

export function retitleNote(dir: string, original: string, edit: number): void {
  writeFileSync(join(dir, EDITED_NOTE), replaced(original, /^title: (.+)$/m, `title: $1, edit ${edit}`, `${EDITED_NOTE} has no title line to change`));
}
