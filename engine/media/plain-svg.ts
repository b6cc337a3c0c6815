// An SVG the site shows is a plain drawing: a logo is inlined into every page (engine/outputs/public-files.ts) and
// an SVG of art/ is drawn by sharp (engine/media/image-modules.ts), so one check holds both to the same rule:
// nothing runs (no script, no event handler, no javascript: link) and nothing is fetched from elsewhere
// (no link, stylesheet or url() but to the drawing's own parts, such as url(#gradient)).

/** What a drawing may not hold, each as a pattern over its text and how a message names what it found. */
const REFUSED: { pattern: RegExp; found: (match: RegExpExecArray) => string }[] = [
  { pattern: /<script\b/i, found: () => "a <script>" },
  // HTML reads a / between attributes as a space: <svg/onload=…> is an attribute too.
  { pattern: /[\s/"']on[a-z]+\s*=/i, found: (match) => `an event handler, ${match[0].slice(1).replace(/\s/g, "")}` },
  // href and xlink:href, quoted or not: any value but a fragment (#id) leaves the drawing.
  { pattern: /[\s/"'](?:xlink:)?href\s*=(?!\s*["']?\s*#)\s*("[^"]*"|'[^']*'|[^\s>]*)/i, found: (match) => `a link to ${match[1]}` },
  { pattern: /@import\b/i, found: () => "a stylesheet imported with @import" },
  { pattern: /url\((?!\s*["']?\s*#)[^)]*\)?/i, found: (match) => `a reference to ${match[0]}` },
  // HTML inside a drawing may load anything HTML can (an iframe, an image).
  { pattern: /<foreignObject\b/i, found: () => "HTML in a <foreignObject>" },
];

/** The longest a found value is quoted in a message. */
const QUOTED = 60;

/** Throws, naming `file`, the line and what was found, where `svg` is not a plain drawing. */
export function checkPlainSvg(svg: string, file: string): void {
  for (const { pattern, found } of REFUSED) {
    const match = pattern.exec(svg);
    if (!match) continue;
    const line = svg.slice(0, match.index).split("\n").length;
    const what = found(match);
    throw new Error(
      `${file}:${line} holds ${what.length > QUOTED ? `${what.slice(0, QUOTED)}…` : what}; an SVG here must be a plain drawing: no script, no event handler, no link or reference but to its own parts (href="#id", url(#id)); remove it and save the file again`,
    );
  }
}
