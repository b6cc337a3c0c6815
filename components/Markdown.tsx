// A Markdown text as the page prints it (content/markdown.ts): its headings, paragraphs and lists, with
// emphasis, code and links; a link that leaves the site opens as every other such link does (ExternalLink).
import { createElement, type ElementType, Fragment, type ReactNode } from "react";
import type { Block, Inline } from "../content/markdown.ts";
import { ExternalLink } from "./ExternalLink.tsx";

/** A link's address leaves the site when it names another host; a site path or a mailto: stays. */
const leavesSite = (href: string) => /^https?:\/\//.test(href);

/** An element with its children given one by one, as JSX gives the ones written out: a text's parts
 * never move, so they need no keys. A paragraph of plain text is one string, printed as any string child. */
const element = (type: ElementType, props: object | null, children: ReactNode[]) => createElement(type, props, ...children);

function inline(part: Inline): ReactNode {
  if (typeof part === "string") return part;
  if ("em" in part) return element("em", null, part.em.map(inline));
  if ("strong" in part) return element("strong", null, part.strong.map(inline));
  if ("code" in part) return element("code", null, [part.code]);
  return element(leavesSite(part.link) ? ExternalLink : "a", { href: part.link }, part.text.map(inline));
}

function block(item: Block): ReactNode {
  if ("paragraph" in item) return element("p", null, item.paragraph.map(inline));
  if ("list" in item)
    return element(
      item.ordered ? "ol" : "ul",
      null,
      item.list.map((line) => element("li", null, line.map(inline))),
    );
  return element(`h${item.heading}`, null, item.text.map(inline));
}

export function Markdown({ blocks }: { blocks: Block[] }) {
  return element(Fragment, null, blocks.map(block));
}
