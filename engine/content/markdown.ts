// A Markdown body as the pages receive it: nothing but these, so a body can hold no HTML of its own.

export type Inline = string | { em: Inline[] } | { strong: Inline[] } | { link: string; text: Inline[] } | { code: string };

export type Block = { heading: 2 | 3 | 4; text: Inline[] } | { paragraph: Inline[] } | { list: Inline[][]; ordered: boolean };

/** The words without their marks: what a PDF prints and a search result shows. */
export function plainText(inline: Inline[]): string {
  return inline
    .map((part) => {
      if (typeof part === "string") return part;
      if ("code" in part) return part.code;
      if ("em" in part) return plainText(part.em);
      if ("strong" in part) return plainText(part.strong);
      return plainText(part.text);
    })
    .join("");
}
