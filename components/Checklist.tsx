import type { Inline } from "../engine/content/markdown.ts";
import { CheckIcon } from "../shared/icons.tsx";
import { InlineText } from "./Markdown.tsx";

/** A list with a check mark before each item: results, service points, key figures. An item is text, or
 * a Markdown list item's inline text (a case study's results). */
export function Checklist({ items }: { items: readonly (string | Inline[])[] }) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={typeof item === "string" ? item : JSON.stringify(item)}>
          <CheckIcon />
          {typeof item === "string" ? item : <InlineText parts={item} />}
        </li>
      ))}
    </ul>
  );
}
