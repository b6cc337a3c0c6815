// The one reader of a page's HTML, for verification, page structures and the link check: htmlparser2's
// tokenizer, which reads tags, quotes, character references and script and style text as a browser
// does, told as the tags and texts written and where each stands in the page (no tree: an end tag left
// out is not made up). Plain JavaScript (typed by JSDoc), as the validator threads load it without tsx.
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
  // The attribute being read (its name, where it starts and its name ends, its value so far), and the
  // text (where it starts, -1 for none, and ends, and its words). Plain variables: an object spread per
  // attribute made reading a page six times slower.
  let name = "";
  let at = 0;
  let nameEnd = 0;
  let value = "";
  let start = -1;
  let end = 0;
  let words = "";
  /** A text ends where anything else starts. */
  const flush = () => {
    if (start >= 0) visitor.text?.(start, end, words);
    start = -1;
  };
  /** @param {number} from @param {number} to @param {string} part */
  const textPart = (from, to, part) => {
    if (start < 0) {
      start = from;
      words = "";
    }
    end = to;
    words += part;
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (from, to) => textPart(from, to, html.slice(from, to)),
      // A reference's only "&" is its first character.
      ontextentity: (codePoint, to) => textPart(html.lastIndexOf("&", to - 1), to, String.fromCodePoint(codePoint)),
      onopentagname: (from, to) => {
        flush();
        tag = html.slice(from, to).toLowerCase();
        attributes = [];
      },
      onattribname: (from, to) => {
        name = html.slice(from, to).toLowerCase();
        at = from;
        nameEnd = to;
        value = "";
      },
      onattribdata: (from, to) => {
        value += html.slice(from, to);
      },
      onattribentity: (codePoint) => {
        value += String.fromCodePoint(codePoint);
      },
      // `after`: where the attribute ends, its closing quote included.
      onattribend: (type, after) => {
        const quote = QUOTES[type];
        const valueEnd = quote ? after - 1 : after;
        let valueStart = valueEnd;
        if (quote !== null) {
          valueStart = html.indexOf("=", nameEnd) + 1;
          while (/\s/.test(html[valueStart])) valueStart++;
          if (quote) valueStart++;
        }
        attributes.push({ name, value, quote, at, start: valueStart, end: valueEnd });
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
