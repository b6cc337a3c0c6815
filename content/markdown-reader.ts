// Reads a Markdown body into the blocks a page renders (content/markdown.ts): headings, paragraphs, lists,
// emphasis, links and code. Anything else (raw HTML above all, which the Content-Security-Policy and the
// HTML checks could not vouch for) is refused with its line, in words for whoever wrote it. Pure: the
// build checks each content file with it (steps/content-read.ts), the CMS's preview reads the text as typed.
import { marked, type Token, type Tokens } from "marked";
import { type Block, type Inline, plainText } from "./markdown.ts";

/** A body's blocks, each with the line (from 1, in the body) it starts on; or the problems found. */
export interface ReadBody {
  blocks: { block: Block; line: number }[];
  problems: { line: number; text: string }[];
}

/** What a writer calls the things a body may not hold. */
const REFUSED: Record<string, string> = {
  html: "HTML",
  image: "an image",
  table: "a table",
  blockquote: "a quotation block",
  code: "a block of code",
  hr: "a horizontal rule",
  del: "struck-through text",
  br: "a hard line break",
};

export function readBody(source: string): ReadBody {
  const problems: ReadBody["problems"] = [];
  const blocks: ReadBody["blocks"] = [];
  let offset = 0;
  const lineAt = (at: number) => source.slice(0, at).split("\n").length;
  const refuse = (token: Token, line: number) => {
    const what = REFUSED[token.type] ?? `"${token.raw.trim().slice(0, 20)}"`;
    const advice =
      token.type === "html"
        ? "write it in Markdown, or leave it out"
        : "use headings (##), paragraphs, lists (-), *emphasis*, **strong** and [links](https://…)";
    problems.push({ line, text: `${what} (${JSON.stringify(token.raw.trim().slice(0, 40))}) cannot be in the text; ${advice}` });
  };

  function inline(tokens: Token[] | undefined, line: number): Inline[] {
    const out: Inline[] = [];
    const push = (part: Inline) => {
      if (typeof part === "string" && typeof out.at(-1) === "string") out[out.length - 1] += part;
      else out.push(part);
    };
    for (const token of tokens ?? []) {
      if (token.type === "text" || token.type === "escape") {
        const nested = (token as Tokens.Text).tokens;
        if (nested?.length) for (const part of inline(nested, line)) push(part);
        // A line break within a paragraph is a space, as a browser shows it.
        else push(token.text.replaceAll("\n", " "));
      } else if (token.type === "em") push({ em: inline((token as Tokens.Em).tokens, line) });
      else if (token.type === "strong") push({ strong: inline((token as Tokens.Strong).tokens, line) });
      else if (token.type === "codespan") push({ code: token.text });
      // An address or e-mail written out is text, as the writer typed it; a link is written [words](address).
      else if (token.type === "link" && !token.raw.startsWith("[")) push(token.raw);
      else if (token.type === "link") push({ link: (token as Tokens.Link).href, text: inline((token as Tokens.Link).tokens, line) });
      else refuse(token, line);
    }
    return out;
  }

  for (const token of marked.lexer(source)) {
    const at = source.indexOf(token.raw, offset);
    const line = lineAt(at < 0 ? offset : at);
    if (at >= 0) offset = at + token.raw.length;
    if (token.type === "space") continue;
    if (token.type === "heading" && token.depth >= 2 && token.depth <= 4)
      blocks.push({ block: { heading: token.depth as 2 | 3 | 4, text: inline(token.tokens, line) }, line });
    else if (token.type === "heading")
      problems.push({
        line,
        text: `a heading of level ${token.depth} cannot be in the text; the page's title is its only top heading: start a heading with ## (or ### and #### within it)`,
      });
    else if (token.type === "paragraph") blocks.push({ block: { paragraph: inline(token.tokens, line) }, line });
    else if (token.type === "list") {
      const list = token as Tokens.List;
      // An item is a line of text (a paragraph, where the list has blank lines between its items).
      const itemText = (item: Tokens.ListItem) =>
        item.tokens.flatMap((t) => {
          if (t.type === "text" || t.type === "paragraph") return (t as Tokens.Text).tokens ?? [t];
          if (t.type !== "space") refuse(t, line);
          return [];
        });
      blocks.push({ block: { list: list.items.map((item) => inline(itemText(item), line)), ordered: list.ordered }, line });
    } else refuse(token, line);
  }
  return { blocks, problems };
}

/** A body split at its ## headings into its sections, by name ("## Key results" is keyResults); the line
 * (in the body) of each section's heading, and of each block written before the first heading. */
export function sectionsOf(blocks: ReadBody["blocks"]): { sections: Record<string, Block[]>; lines: Record<string, number>; before: number[] } {
  const sections: Record<string, Block[]> = {};
  const lines: Record<string, number> = {};
  const before: number[] = [];
  let current: Block[] | undefined;
  for (const { block, line } of blocks) {
    if ("heading" in block && block.heading === 2) {
      const name = plainText(block.text)
        .toLowerCase()
        .replace(/[^a-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase());
      current = sections[name] = [];
      lines[name] = line;
    } else if (current) current.push(block);
    else before.push(line);
  }
  return { sections, lines, before };
}
