import { CheckIcon } from "../shared/icons.tsx";

/** A list with a check mark before each item: results, service points, key figures. */
export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item}>
          <CheckIcon />
          {item}
        </li>
      ))}
    </ul>
  );
}
