// The one reader of a page's HTML, for verification, page structures and the link check: htmlparser2's
// tokenizer, which reads tags, quotes, character references and script and style text as a browser
// does, told as the tags and texts written and where each stands in the page (no tree: an end tag left
// out is not made up). Plain JavaScript (typed by JSDoc), as the validator threads load it without tsx.
import { decodeHTML, decodeHTMLAttribute } from "entities";
import { QuoteType, Tokenizer } from "htmlparser2";

/**
 * @typedef {{ name: string, value: string, quote: '"' | "'" | "" | null, at: number, start: number, end: number }} Attribute
 * an attribute: its name in lower case, its value with character references decoded, the quote around
 * it ("" unquoted, null no value), where it starts (its name), and where its value as written starts and ends
 */
/**
 * @typedef {{
 *   tag?: (name: string, attributes: Attribute[], selfClosing: boolean) => void,
 *   endTag?: (name: string) => void,
 *   text?: (start: number, end: number, words: string) => void,
 * }} HtmlVisitor
 * each start tag (its name in lower case), each end tag, and each text between two of anything else, as
 * written from start to end and with its character references decoded
 */

/** @type {Record<QuoteType, Attribute["quote"]>} */
const QUOTES = { [QuoteType.Double]: '"', [QuoteType.Single]: "'", [QuoteType.Unquoted]: "", [QuoteType.NoValue]: null };

/** Reads `html` start to end, telling `visitor` what it meets. @param {string} html @param {HtmlVisitor} visitor */
export function readHtml(html, visitor) {
  let tag = "";
  /** @type {Attribute[]} */
  let attributes = [];
  // The attribute being read (its name, where it starts, where its value starts and ends: -1, none yet),
  // and the text (where it starts, -1 for none, and ends). Plain variables: an object spread per
  // attribute made reading a page six times slower.
  let name = "";
  let at = 0;
  let valueStart = -1;
  let valueEnd = 0;
  let start = -1;
  let end = 0;
  /** A text ends where anything else starts. */
  const flush = () => {
    if (start >= 0) {
      const written = html.slice(start, end);
      visitor.text?.(start, end, written.includes("&") ? decodeHTML(written) : written);
    }
    start = -1;
  };
  // References are decoded only where there are some (the tokenizer decoding them reads a page
  // character by character, three times slower in a build's first use of it).
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      ontext: (from, to) => {
        if (start < 0) start = from;
        end = to;
      },
      ontextentity: () => {},
      onopentagname: (from, to) => {
        flush();
        tag = html.slice(from, to).toLowerCase();
        attributes = [];
      },
      onattribname: (from, to) => {
        name = html.slice(from, to).toLowerCase();
        at = from;
        valueStart = -1;
      },
      onattribdata: (from, to) => {
        if (valueStart < 0) valueStart = from;
        valueEnd = to;
      },
      onattribentity: () => {},
      // `after`: where the attribute ends (its closing quote included).
      onattribend: (type, after) => {
        if (valueStart < 0) valueStart = valueEnd = after;
        const written = html.slice(valueStart, valueEnd);
        const value = written.includes("&") ? decodeHTMLAttribute(written) : written;
        attributes.push({ name, value, quote: QUOTES[type], at, start: valueStart, end: valueEnd });
      },
      onopentagend: () => visitor.tag?.(tag, attributes, false),
      onselfclosingtag: () => visitor.tag?.(tag, attributes, true),
      onclosetag: (from, to) => {
        flush();
        visitor.endTag?.(html.slice(from, to).toLowerCase());
      },
      oncomment: flush,
      oncdata: flush,
      ondeclaration: flush,
      onprocessinginstruction: flush,
      onend: flush,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}
