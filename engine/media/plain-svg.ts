// An SVG the site shows (a logo inlined into every page, art drawn by sharp) is a plain drawing: nothing runs (no
// script, event handler or javascript: link) and nothing is fetched but its own parts, such as url(#gradient).

const REFUSED: [RegExp, (match: RegExpExecArray) => string][] = [
  [/<script\b/i, () => "a <script>"],
  // HTML reads a / between attributes as a space: <svg/onload=…> is an attribute too.
  [/[\s/"']on[a-z]+\s*=/i, (match) => `an event handler, ${match[0].slice(1).replace(/\s/g, "")}`],
  // href and xlink:href, quoted or not: any value but a fragment (#id) leaves the drawing.
  [/[\s/"'](?:xlink:)?href\s*=(?!\s*["']?\s*#)\s*("[^"]*"|'[^']*'|[^\s>]*)/i, (match) => `a link to ${match[1]}`],
  [/@import\b/i, () => "a stylesheet imported with @import"],
  [/url\((?!\s*["']?\s*#)[^)]*\)?/i, (match) => `a reference to ${match[0]}`],
  // HTML inside a drawing may load anything HTML can.
  [/<foreignObject\b/i, () => "HTML in a <foreignObject>"],
];

export function checkPlainSvg(svg: string, file: string): void {
  for (const [pattern, found] of REFUSED) {
    const match = pattern.exec(svg);
    if (!match) continue;
    const what = found(match);
    throw new Error(
      `${file}:${svg.slice(0, match.index).split("\n").length} holds ${what.length > 60 ? `${what.slice(0, 60)}…` : what}; an SVG here must be a plain drawing: no script, no event handler, no link or reference but to its own parts (href="#id", url(#id)); remove it and save the file again`,
    );
  }
}
