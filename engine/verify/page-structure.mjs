// A page's structure: each text and attribute of words or an address stood in for, keeping what html-validate's
// rules read (emptiness, surrounding white space, references and raw &<>"', a <title> over long-title's limit, a
// link's scheme, equal words equal); kept whole: a <label>'s text, a tel: link's, what aria-labelledby names, a
// refresh's content. Pages of one template share a structure, judged once; an invalid one proves nothing. A rule
// enabled beyond STRUCTURE_RULES turns the sharing off. Plain JavaScript, as threads load it.
import { createHash } from "node:crypto";
import { readHtml } from "./html-reader.mjs";

/** Attributes of words or an address, not structure (data-* too). */
const WORDS = new Set(["href", "content", "alt", "title", "placeholder"]);
/** tel-non-breaking reads a tel: link's text. @param {string | undefined} href */
const isTel = (href) => href?.trim().toLowerCase().startsWith("tel:") === true;

/** Every rule of html-validate's recommended set and of .htmlvalidate.json, reviewed: the stand-ins keep what each reads. */
export const STRUCTURE_RULES = new Set(
  [
    // Structure and names only.
    "attr-case attr-delimiter attr-spacing close-attr close-order deprecated doctype-html doctype-style element-case element-name",
    "element-permitted-content element-permitted-occurrences element-permitted-order element-permitted-parent element-required-ancestor",
    "element-required-attributes element-required-content missing-doctype no-conditional-comment no-deprecated-attr no-dup-attr",
    "no-implicit-button-type no-implicit-input-type no-implicit-close no-inline-style no-multiple-main no-self-closing no-style-tag",
    "no-unknown-elements no-utf8-bom prefer-tbody script-element void-content void-style no-trailing-whitespace deprecated-rule no-unused-disable",
    // Values kept as written (ids, classes, names, for, roles, types, autocomplete, tabindex, aria-hidden).
    "aria-hidden-body autocomplete-password form-dup-name hidden-focusable input-attributes map-dup-name map-id-name multiple-labeled-controls",
    "no-abstract-role no-autoplay no-dup-class no-dup-id no-missing-references no-redundant-for no-redundant-role prefer-button",
    "prefer-native-element script-type valid-autocomplete valid-for valid-id wcag/h32 wcag/h63 wcag/h71",
    // Presence, emptiness or equality of words; raw characters and references; a title's length; a link's scheme.
    "area-alt aria-label-misuse attr-quotes attribute-allowed-values attribute-boolean-style attribute-empty-style attribute-misuse",
    "empty-heading empty-title long-title meta-refresh no-raw-characters no-redundant-aria-label tel-non-breaking text-content",
    "unique-landmark unrecognized-char-ref wcag/h30 wcag/h36 wcag/h37 wcag/h67",
  ]
    .join(" ")
    .split(" "),
);

/** @typedef {{ titleMax: number }} StructureOptions titleMax: long-title's limit (a longer <title> keeps a stand-in longer than it) */

/** What unrecognized-char-ref reads as a character reference, its end included. */
const REFERENCE = /&(?:[\da-z]+|#x?[\da-f]+)(;|[^\da-z]|$)/gi;
const RAW = /[&<>"']/g;

export const structureKey = (/** @type {string} */ structure) => createHash("sha1").update(structure).digest("base64");

/** @typedef {{ name: string, marks: string, before: string, after: string }} Text a text as a stand-in keeps it */

/** Each text measured (null: white space alone): a template's pages repeat most of theirs. @type {Map<string, Text | null>} */
const texts = new Map();
const TEXTS_KEPT = 2_000;

/** @param {string} value @returns {Text | null} */
function measured(value) {
  let text = texts.get(value);
  if (text === undefined) {
    const words = value.trim();
    text = words
      ? {
          name: words.replace(/\s+/g, " ").toLowerCase(),
          marks: [...new Set(words.match(REFERENCE) ?? [])].sort().join("") + [...new Set(words.replace(REFERENCE, "").match(RAW) ?? [])].sort().join(""),
          before: value.slice(0, value.indexOf(words[0])),
          after: value.slice(value.lastIndexOf(words[words.length - 1]) + 1),
        }
      : null;
    if (texts.size >= TEXTS_KEPT) texts.clear();
    texts.set(value, text);
  }
  return text;
}

/** The structure of a page. What aria-labelledby names is known as the page is read: when a name comes after
 * the element it names, the page is read again knowing it. @param {string} html @param {StructureOptions} options */
export function structureOf(html, options) {
  /** @type {Set<string>} */
  const namers = new Set();
  const { structure, late } = standingIn(html, options, namers);
  return late ? standingIn(html, options, namers).structure : structure;
}

/** @param {string} html @param {StructureOptions} options @param {Set<string>} namers */
function standingIn(html, { titleMax }, namers) {
  /** Each distinct text's name by its stand-in number. @type {Map<string, number>} */
  const seen = new Map();
  /** @param {string} value @param {boolean} [long] */
  const standIn = (value, long = false) => {
    const text = measured(value);
    if (!text) return value;
    let number = seen.get(text.name);
    if (number === undefined) {
      number = seen.size + 1;
      seen.set(text.name, number);
    }
    const stood = `w${number}${text.marks && ` ${text.marks}`}`;
    return `${text.before}${long ? stood.padEnd(titleMax + 1, "w") : stood}${text.after}`;
  };
  /** @param {string} value */
  const address = (value) => {
    const start = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|[/#.?])?/.exec(value)?.[0] ?? "";
    return start + (value.length > start.length ? standIn(value.slice(start.length)) : "");
  };

  const unnamed = new Set();
  /** The element whose text is kept (none at depth 0), and how deep in elements of its name the tags are. */
  const kept = { name: "", depth: 0 };
  let inTitle = false;
  let out = "";
  let copied = 0;
  /** @param {number} start @param {number} end @param {string} standing */
  const standFor = (start, end, standing) => {
    out += html.slice(copied, start) + standing;
    copied = end;
  };
  readHtml(html, {
    tag: (name, attributes, selfClosing) => {
      const value = (/** @type {string} */ wanted) => attributes.find((attribute) => attribute.name === wanted)?.value;
      for (const id of value("aria-labelledby")?.split(/\s+/) ?? []) namers.add(id);
      const id = value("id");
      if (id !== undefined && !namers.has(id)) unnamed.add(id);
      const keepsText = name === "label" || (name === "a" && isTel(value("href"))) || (id !== undefined && namers.has(id));
      if (kept.depth > 0 && kept.name === name && !selfClosing) kept.depth++;
      else if (kept.depth === 0 && !selfClosing && keepsText) Object.assign(kept, { name, depth: 1 });
      if (name === "title") inTitle = true;
      for (const { name: attribute, quote, at, start, end } of attributes) {
        // Only a plain name="value" of words is stood in for; any other form is kept as written.
        if (quote !== '"' || start !== at + attribute.length + 2 || !(WORDS.has(attribute) || attribute.startsWith("data-"))) continue;
        const written = html.slice(start, end);
        // meta-refresh reads a refresh's content (a CSP's is words).
        const whole =
          attribute === "href" ? isTel(written) : name === "meta" && attribute === "content" && value("http-equiv")?.trim().toLowerCase() === "refresh";
        if (!whole) standFor(start, end, attribute === "href" ? address(written) : standIn(written));
      }
    },
    endTag: (name) => {
      if (name === "title") inTitle = false;
      if (kept.depth > 0 && kept.name === name) kept.depth--;
    },
    // A script's or a style's text is words to html-validate too.
    text: (start, end) => {
      if (kept.depth === 0) standFor(start, end, standIn(html.slice(start, end), inTitle && end - start > titleMax));
    },
  });
  return { structure: out + html.slice(copied), late: [...unnamed].some((id) => namers.has(id)) };
}

/** The options the stand-ins need under these rules (name: [severity, options]), or the enabled rules not reviewed.
 * @param {Map<string, [number, unknown]>} rules @returns {{ options: StructureOptions } | { unreviewed: string[] }} */
export function structureSharing(rules) {
  const unreviewed = [...rules].filter(([name, [severity]]) => severity > 0 && !STRUCTURE_RULES.has(name)).map(([name]) => name);
  if (unreviewed.length) return { unreviewed };
  const options = /** @type {{ maxlength?: number } | undefined} */ (rules.get("long-title")?.[1]);
  return { options: { titleMax: options?.maxlength ?? 70 } }; // long-title's own default
}
