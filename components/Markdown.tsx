// A Markdown body as the page shows it: the blocks engine/content/markdown-reader.ts read from a content file, each the
// element it is (a paragraph is a <p>), links leaving the site as every external link does. Children are
// passed in order as arguments (a body never reorders on the server), so none needs a key.
import { createElement, Fragment, type ReactNode } from "react";
import type { Block, Inline } from "../engine/content/markdown.ts";
import { ExternalLink } from "./ExternalLink.tsx";

function inline(part: Inline): ReactNode {
  if (typeof part === "string") return part;
  if ("em" in part) return createElement("em", null, ...part.em.map(inline));
  if ("strong" in part) return createElement("strong", null, ...part.strong.map(inline));
  if ("code" in part) return createElement("code", null, part.code);
  const text = part.text.map(inline);
  return /^https?:/.test(part.link) ? (
    <ExternalLink href={part.link}>{createElement(Fragment, null, ...text)}</ExternalLink>
  ) : (
    createElement("a", { href: part.link }, ...text)
  );
}

function block(item: Block, shift: number): ReactNode {
  if ("paragraph" in item) return createElement("p", null, ...item.paragraph.map(inline));
  if ("heading" in item) return createElement(`h${Math.min(6, item.heading + shift)}`, null, ...item.text.map(inline));
  return createElement(item.ordered ? "ol" : "ul", null, ...item.list.map((line) => createElement("li", null, ...line.map(inline))));
}

/** Inline text: plain, emphasised, strong, links and code. */
export function InlineText({ parts }: { parts: Inline[] }) {
  return createElement(Fragment, null, ...parts.map(inline));
}

/** A body's blocks in order: headings at the level they were written (## is h2, unless `shift` moves them), paragraphs, lists. */
export function Markdown({ blocks, shift = 0 }: { blocks: Block[]; shift?: number }) {
  return createElement(Fragment, null, ...blocks.map((item) => block(item, shift)));
}
