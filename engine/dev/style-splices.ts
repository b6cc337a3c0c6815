// A stylesheet's change as spans replaced (StyleSplice): how the dev server sends a style save to the open
// pages (engine/dev/page-channel.ts), each span cut down to the top-level rules that changed, and how
// a splice is made in the stylesheet's text.

/** A stylesheet's change as one span replaced: at `at`, the text `removed` gives way to `text`. */
export interface StyleSplice {
  at: number;
  removed: string;
  text: string;
}

/** `css` with each splice made in turn; null where a span is not what its splice says it replaces. */
export function spliceText(css: string, splices: StyleSplice[]): string | null {
  let result = css;
  for (const { at, removed, text } of splices) {
    if (!result.startsWith(removed, at)) return null;
    result = result.slice(0, at) + text + result.slice(at + removed.length);
  }
  return result;
}

/** Where each top-level rule of compiled CSS ends (after its closing brace, or an at-rule's semicolon),
 * strings and comments passed over; 0 first. */
export function ruleEnds(css: string): number[] {
  const ends = [0];
  let depth = 0;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      for (i++; i < css.length && css[i] !== char; i++) if (css[i] === "\\") i++;
    } else if (char === "/" && css[i + 1] === "*") {
      const close = css.indexOf("*/", i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) ends.push(i + 1);
    else if (char === ";" && depth === 0) ends.push(i + 1);
  }
  return ends;
}

/**
 * A partial's splice cut down to the top-level rules that changed ([] when none did): a rule added to a
 * partial is sent, and parsed by the page, alone, not with every other rule of its partial (and a style
 * change to whole elements' rules, such as _base.scss's, makes the page restyle every element).
 */
export function narrowed({ at, removed, text }: StyleSplice): StyleSplice[] {
  if (removed === text) return [];
  const [oldEnds, newEnds] = [ruleEnds(removed), ruleEnds(text)];
  const newSet = new Set(newEnds);
  let same = 0;
  while (same < removed.length && same < text.length && removed[same] === text[same]) same++;
  const head = oldEnds.filter((end) => end <= same && newSet.has(end)).at(-1) ?? 0;
  let sameTail = 0;
  while (sameTail < removed.length - head && sameTail < text.length - head && removed[removed.length - 1 - sameTail] === text[text.length - 1 - sameTail])
    sameTail++;
  const tail =
    [...oldEnds, removed.length]
      .map((end) => removed.length - end)
      .filter((length) => length <= sameTail && newSet.has(text.length - length))
      .sort((a, b) => b - a)[0] ?? 0;
  return [{ at: at + head, removed: removed.slice(head, removed.length - tail), text: text.slice(head, text.length - tail) }];
}
