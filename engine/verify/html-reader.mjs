// The one reader of a page's HTML: htmlparser2's tokenizer reads it as a browser does, and with no tree an end
// tag left out is not made up. Plain JavaScript (typed by JSDoc), as the validator thread loads it without tsx.
import { decodeHTML, decodeHTMLAttribute } from "entities";
import { QuoteType, Tokenizer } from "htmlparser2";

/**
 * @typedef {{ name: string, value: string, quote: '"' | "'" | "" | null, at: number, start: number, end: number }} Attribute
 * its name in lower case, its value decoded, its quote ("" none, null no value), where it and its value start
 */
/** @typedef {{ tag?: (name: string, attributes: Attribute[], selfClosing: boolean) => void, endTag?: (name: string) => void, text?: (start: number, end: number, words: string) => void }} HtmlVisitor */

/** @type {Record<QuoteType, Attribute["quote"]>} */
const QUOTES = { [QuoteType.Double]: '"', [QuoteType.Single]: "'", [QuoteType.Unquoted]: "", [QuoteType.NoValue]: null };

/** Reads `html` start to end, telling `visitor` what it meets. @param {string} html @param {HtmlVisitor} visitor */
export function readHtml(html, visitor) {
  let tag = "";
  /** @type {Attribute[]} */
  let attributes = [];
  // The attribute and the text being read (-1: none yet), in plain variables: an object each is six times slower.
  let name = "";
  let at = 0;
  let valueStart = -1;
  let valueEnd = 0;
  let start = -1;
  let end = 0;
  const flush = () => {
    if (start >= 0) {
      const written = html.slice(start, end);
      visitor.text?.(start, end, written.includes("&") ? decodeHTML(written) : written);
    }
    start = -1;
  };
  // References are decoded only where there are some: the tokenizer's decoding is three times slower.
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
