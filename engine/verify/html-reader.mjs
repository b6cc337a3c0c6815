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

const QUOTES = /** @type {const} */ ({ [QuoteType.Double]: '"', [QuoteType.Single]: "'", [QuoteType.Unquoted]: "", [QuoteType.NoValue]: null });

/** @typedef {import("htmlparser2").TokenizerCallbacks} TokenizerCallbacks */

/** @implements {TokenizerCallbacks} */
class Reader {
  /** @param {string} html @param {HtmlVisitor} visitor */
  constructor(html, visitor) {
    this.html = html;
    this.visitor = visitor;
    /** The tag being read. */
    this.tagName = "";
    /** @type {Attribute[]} */
    this.attributes = [];
    /** The attribute being read: its name, where it starts and its name ends, its value so far. */
    this.name = "";
    this.at = 0;
    this.nameEnd = 0;
    this.value = "";
    /** The text being read: where it starts (-1: none) and ends, and its words. */
    this.start = -1;
    this.end = 0;
    this.words = "";
  }
  /** A text ends where anything else starts. */
  flush() {
    if (this.start >= 0) this.visitor.text?.(this.start, this.end, this.words);
    this.start = -1;
  }
  /** @param {number} start @param {number} end @param {string} words */
  textPart(start, end, words) {
    if (this.start < 0) {
      this.start = start;
      this.words = "";
    }
    this.end = end;
    this.words += words;
  }
  /** @param {number} start @param {number} end */
  ontext(start, end) {
    this.textPart(start, end, this.html.slice(start, end));
  }
  /** @param {number} codePoint @param {number} end */
  ontextentity(codePoint, end) {
    // A reference's only "&" is its first character.
    this.textPart(this.html.lastIndexOf("&", end - 1), end, String.fromCodePoint(codePoint));
  }
  /** @param {number} start @param {number} end */
  onopentagname(start, end) {
    this.flush();
    this.tagName = this.html.slice(start, end).toLowerCase();
    this.attributes = [];
  }
  /** @param {number} start @param {number} end */
  onattribname(start, end) {
    this.name = this.html.slice(start, end).toLowerCase();
    this.at = start;
    this.nameEnd = end;
    this.value = "";
  }
  /** @param {number} start @param {number} end */
  onattribdata(start, end) {
    this.value += this.html.slice(start, end);
  }
  /** @param {number} codePoint */
  onattribentity(codePoint) {
    this.value += String.fromCodePoint(codePoint);
  }
  /** @param {QuoteType} type @param {number} after where the attribute ends (its closing quote included) */
  onattribend(type, after) {
    const quote = QUOTES[type];
    const end = quote ? after - 1 : after;
    let start = end;
    if (quote !== null) {
      start = this.html.indexOf("=", this.nameEnd) + 1;
      while (/\s/.test(this.html[start])) start++;
      if (quote) start++;
    }
    this.attributes.push({ name: this.name, value: this.value, quote, at: this.at, start, end });
  }
  onopentagend() {
    this.visitor.tag?.(this.tagName, this.attributes, false);
  }
  onselfclosingtag() {
    this.visitor.tag?.(this.tagName, this.attributes, true);
  }
  /** @param {number} start @param {number} end */
  onclosetag(start, end) {
    this.flush();
    this.visitor.endTag?.(this.html.slice(start, end).toLowerCase());
  }
  oncomment() {
    this.flush();
  }
  oncdata() {
    this.flush();
  }
  ondeclaration() {
    this.flush();
  }
  onprocessinginstruction() {
    this.flush();
  }
  onend() {
    this.flush();
  }
}

/** Reads `html` start to end, telling `visitor` what it meets. @param {string} html @param {HtmlVisitor} visitor */
export function readHtml(html, visitor) {
  const tokenizer = new Tokenizer({ decodeEntities: true }, new Reader(html, visitor));
  tokenizer.write(html);
  tokenizer.end();
}
