// Reads a Markdown body into the blocks of markdown.ts, refusing anything else with its line; the CMS runs it too.
import { marked, type Token, Tokenizer, type Tokens } from "marked";
import { type Block, type Inline, plainText } from "./markdown.ts";

export type ReadBody = { blocks: { block: Block; line: number }[]; problems: { line: number; text: string }[] };

/** Deeper nesting is refused before marked reads it: marked reads each level again, past memory or stack. */
export const DEEPEST_NESTING = 20;

const TOO_DEEP = "tooDeep";

/** Emphasis deeper than DEEPEST_NESTING is one token, unread. */
class NestingTokenizer extends Tokenizer {
  private depth = 0;

  override emStrong(src: string, maskedSrc: string, prevChar?: string): Tokens.Em | Tokens.Strong | undefined {
    if (this.depth >= DEEPEST_NESTING && /^[*_]/.test(src)) return { type: TOO_DEEP, raw: src } as unknown as Tokens.Em;
    this.depth++;
    try {
      return super.emStrong(src, maskedSrc, prevChar);
    } finally {
      this.depth--;
    }
  }
}

const REFUSED: Record<string, string> = {
  html: "HTML",
  image: "an image",
  table: "a table",
  blockquote: "a quotation block",
  code: "a block of code",
  hr: "a horizontal rule",
  del: "struck-through text",
  br: "a hard line break",
  [TOO_DEEP]: `emphasis nested more than ${DEEPEST_NESTING} deep`,
};

const LINK_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/** A scheme of LINK_SCHEMES or a path on this site, not "//elsewhere.example", read as a browser reads it. */
function linkAllowed(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser drops these around an address, so they hide a scheme
  const target = href.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1];
  if (scheme) return LINK_SCHEMES.has(scheme.toLowerCase());
  return !/^[/\\][/\\]/.test(target);
}

/** Counting never less than marked: a level is a marker (`>`, `-`, `*`, `+`, `1.`, `1)`) or two columns of indentation. */
function tooDeep(lines: string[]): { line: number; text: string } | undefined {
  for (const [i, line] of lines.entries()) {
    let columns = 0;
    let markers = 0;
    let at = 0;
    for (;;) {
      const char = line[at];
      if (char === " ") columns++;
      else if (char === "\t") columns += 4 - (columns % 4);
      else if (char === ">") markers++;
      else {
        const marker = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/.exec(line.slice(at, at + 11));
        if (!marker) break;
        markers++;
        at += marker[0].length;
        continue;
      }
      at++;
    }
    if (markers > 0 && markers + Math.floor(columns / 2) > DEEPEST_NESTING) {
      const text = `lists or quotation blocks nested more than ${DEEPEST_NESTING} deep (${JSON.stringify(line.trim().slice(0, 40))}) cannot be in the text`;
      return { line: i + 1, text: `${text}; write its points as one list, each on a line starting with -` };
    }
  }
}

/** Marked reads each mark of emphasis (a run of * or _) or link against every later one of its paragraph. */
export const MOST_MARKS = 200;
export const MOST_LINKS = 500;

function tooMarked(lines: string[]): { line: number; text: string } | undefined {
  let start = 0;
  let marks = 0;
  let links = 0;
  for (const [i, line] of lines.entries()) {
    // A blank line, a heading or a list item's marker starts what marked reads as one run of text.
    const item = /^\s*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|^\s*#/.exec(line);
    if (line.trim() === "" || item) {
      start = item ? i : i + 1;
      marks = 0;
      links = 0;
    }
    for (let at = item ? item[0].length : 0; at < line.length; at++) {
      const char = line[at];
      if ((char === "*" || char === "_") && line[at - 1] !== char) marks++;
      else if (char === "]" && line[at + 1] === "(") links++;
    }
    const what = marks > MOST_MARKS ? `more than ${MOST_MARKS} marks of emphasis (* or _)` : links > MOST_LINKS ? `more than ${MOST_LINKS} links` : "";
    if (what)
      return { line: start + 1, text: `a paragraph or list item with ${what} cannot be in the text; split it into paragraphs, with a blank line between them` };
  }
}

export function readBody(written: string): ReadBody {
  const problems: ReadBody["problems"] = [];
  const blocks: ReadBody["blocks"] = [];
  // Lines as marked reads them: a lone carriage return ends one too.
  const source = written.replace(/\r\n?/g, "\n");
  const lines = source.split("\n");
  const refused = tooDeep(lines) ?? tooMarked(lines);
  if (refused) return { blocks, problems: [refused] };
  let offset = 0;
  let counted = 0;
  let linesBefore = 1;
  const lineAt = (at: number) => {
    for (let next = source.indexOf("\n", counted); next >= 0 && next < at; next = source.indexOf("\n", next + 1)) linesBefore++;
    counted = Math.max(counted, at);
    return linesBefore;
  };
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
      else if (token.type === "link" && !linkAllowed((token as Tokens.Link).href)) {
        // Its words stay, so the CMS's preview shows the text without the link.
        for (const part of inline((token as Tokens.Link).tokens, line)) push(part);
        const text = `a link to ${JSON.stringify((token as Tokens.Link).href.slice(0, 40))} cannot be in the text; link to a page of this site, such as /case-studies, or to an address starting with https://, mailto: or tel:`;
        problems.push({ line, text });
      } else if (token.type === "link") push({ link: (token as Tokens.Link).href, text: inline((token as Tokens.Link).tokens, line) });
      else refuse(token, line);
    }
    return out;
  }

  for (const token of marked.lexer(source, { ...marked.defaults, tokenizer: new NestingTokenizer() })) {
    // A token's text is where the last one ended, as marked read it; looked for further only where marked changed it.
    const at = source.startsWith(token.raw, offset) ? offset : source.indexOf(token.raw, offset);
    const line = lineAt(at < 0 ? offset : at);
    if (at >= 0) offset = at + token.raw.length;
    if (token.type === "space") continue;
    if (token.type === "heading" && token.depth >= 2 && token.depth <= 4)
      blocks.push({ block: { heading: token.depth as 2 | 3 | 4, text: inline(token.tokens, line) }, line });
    else if (token.type === "heading") {
      const text = `a heading of level ${token.depth} cannot be in the text; the page's title is its only top heading: start a heading with ## (or ### and #### within it)`;
      problems.push({ line, text });
    } else if (token.type === "paragraph") blocks.push({ block: { paragraph: inline(token.tokens, line) }, line });
    else if (token.type === "list") {
      const itemText = (item: Tokens.ListItem) =>
        item.tokens.flatMap((t) => {
          if (t.type === "text" || t.type === "paragraph") return (t as Tokens.Text).tokens ?? [t];
          if (t.type !== "space") refuse(t, line);
          return [];
        });
      blocks.push({ block: { list: (token as Tokens.List).items.map((item) => inline(itemText(item), line)), ordered: (token as Tokens.List).ordered }, line });
    } else refuse(token, line);
  }
  return { blocks, problems };
}

/** A body split at its ## headings ("## Key results" is keyResults), and the lines of the blocks before the first. */
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
