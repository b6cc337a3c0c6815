// The page side of `npm run dev` (never in a production build; the dev server adds it to the pages it
// serves): patches a saved page into the open document in place (scroll, focus and what was typed stay),
// swaps the stylesheet in place, reloads only when the browser code itself changed, and shows build
// errors over the page until the next good save. Styles are set through CSSOM, which the page's CSP allows.
import { Idiomorph } from "idiomorph";

interface Problem {
  title: string;
  text: string;
}

const OVERLAY_ID = "dev-overlay";
const NOTICE_ID = "dev-notice";

function panel(id: string, problem: Problem, blocking: boolean): void {
  document.getElementById(id)?.remove();
  const box = document.createElement("div");
  box.id = id;
  box.setAttribute("role", blocking ? "alertdialog" : "status");
  box.setAttribute("aria-label", problem.title);
  Object.assign(box.style, {
    position: "fixed",
    zIndex: "2147483647",
    background: "#1b1b1f",
    color: "#f4f4f5",
    font: "14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace",
    padding: "16px 20px",
    overflow: "auto",
    boxShadow: "0 8px 32px rgba(0,0,0,.4)",
    borderTop: `4px solid ${blocking ? "#ef4444" : "#f59e0b"}`,
    ...(blocking ? { inset: "0" } : { right: "12px", bottom: "12px", maxWidth: "min(640px, 90vw)", maxHeight: "40vh", borderRadius: "8px" }),
  });
  const heading = document.createElement("strong");
  heading.textContent = problem.title;
  const text = document.createElement("pre");
  Object.assign(text.style, { whiteSpace: "pre-wrap", margin: "8px 0 0" });
  text.textContent = problem.text;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Dismiss";
  Object.assign(close.style, { float: "right", font: "inherit", cursor: "pointer" });
  close.addEventListener("click", () => box.remove());
  box.append(close, heading, text);
  // The client loads async: an event may come before the body is parsed.
  if (document.body) document.body.append(box);
  else document.addEventListener("DOMContentLoaded", () => document.body.append(box), { once: true });
}

/** A piece of the page's stylesheet: a constructed stylesheet (CSSOM, which the page's CSP allows where
 * a changed <style> would need a new hash) and its text. */
interface Piece {
  sheet: CSSStyleSheet;
  text: string;
}
/** The page's stylesheet as pieces in order, once a save has changed it (until then, its inlined <style>). */
let pieces: Piece[] | null = null;

const sheetOf = (text: string) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return sheet;
};

function adopt(next: Piece[]): void {
  pieces = next;
  document.adoptedStyleSheets = next.map((piece) => piece.sheet);
  document.querySelector("head style")?.remove();
}

const stylesheetText = () => (pieces ? pieces.map((piece) => piece.text).join("") : (document.querySelector("head style")?.textContent ?? ""));

/** Applies a new stylesheet without a reload. The text comes with the event, so there is no request to wait for. */
function swapStylesheet(css: string): void {
  if (stylesheetText() !== css) adopt([{ sheet: sheetOf(css), text: css }]);
}

/** A span of the stylesheet replaced (at `at`, the text `removed` gives way to `text`): a partial's save. */
interface Splice {
  at: number;
  removed: string;
  text: string;
}

/**
 * Applies a partial's save: only its span of the stylesheet is parsed again, as a piece of its own (a
 * piece that is exactly that span is reused), where the whole stylesheet took three times as long to
 * apply. False when the page's stylesheet is not the one the splices were made for.
 */
function spliceStylesheet(splices: Splice[]): boolean {
  let current: { sheet?: CSSStyleSheet; text: string }[] = pieces ?? [{ text: stylesheetText() }];
  for (const { at, removed, text } of splices) {
    const whole = current.map((piece) => piece.text).join("");
    if (!whole.startsWith(removed, at)) return false;
    const end = at + removed.length;
    const before: typeof current = [];
    const after: typeof current = [];
    let reused: CSSStyleSheet | undefined;
    let start = 0;
    for (const piece of current) {
      const stop = start + piece.text.length;
      if (!reused && piece.sheet && start === at && stop === end) reused = piece.sheet;
      else if (stop <= at) before.push(piece);
      else if (start >= end) after.push(piece);
      else {
        // The piece runs into the span: what lies outside it stays, as pieces of their own.
        if (start < at) before.push({ text: piece.text.slice(0, at - start) });
        if (stop > end) after.push({ text: piece.text.slice(end - start) });
      }
      start = stop;
    }
    reused?.replaceSync(text);
    current = [...before, { sheet: reused ?? sheetOf(text), text }, ...after];
  }
  adopt(current.map(({ sheet, text }) => ({ sheet: sheet ?? sheetOf(text), text })));
  return true;
}

/** An island's marker as the server wrote it: while it is the same, the live island (hydrated, with its
 * state and what the visitor typed) is kept as it is. */
const islandSignature = (element: Element) => ["data-island", "data-props", "data-when"].map((name) => element.getAttribute(name)).join("\n");

/** How many of the body's first elements the server wrote: scripts (analytics' consent banner, this
 * client's panels) append theirs after them, and a patch leaves those alone. */
let serverElements: number | null = null;

/** A page as the server writes it, parsed without its inlined stylesheet: the stylesheet comes by its own
 * events (css, css-splice), and its text is two fifths of a page, half of the parse. */
const parse = (html: string) => new DOMParser().parseFromString(html.replace(/<style>[\s\S]*?<\/style>/, ""), "text/html");
const fetchPage = async (): Promise<Document> => parse(await (await fetch(location.href, { cache: "no-store" })).text());

/** The page as the server last wrote it, as parsed and never changed since (what is morphed into the open
 * page is a copy): the next patch morphs only the parts that differ from it. */
let served: Document | null = null;

/** Names each child node in turn: two elements of one shape have the same kinds of children in the same order. */
const shapeOf = (element: Element) => Array.from(element.childNodes, (child) => child.nodeName).join();

/**
 * Where the server's markup changed from `before` to `after`, as the parts of the open page (`live`, which
 * has `before`'s place) to morph, each with what the server now writes there: the deepest elements that
 * still hold everything that changed, while the open page has the server's shape down to them. An island
 * is morphed whole (its live markup is the island's own), and a changed text or attribute morphs the
 * element that holds it. Morphing the whole body of /case-studies took ~12 ms of a title save's ~20 in the
 * page (Chromium, loaded machine, profiled); the title save changes only its header.
 */
function changedParts(live: Element, before: Element, after: Element, parts: [Element, Element][]): void {
  if (before.isEqualNode(after)) return;
  const descend =
    !live.hasAttribute("data-island") &&
    before.cloneNode(false).isEqualNode(after.cloneNode(false)) &&
    shapeOf(before) === shapeOf(after) &&
    shapeOf(live) === shapeOf(before);
  const differing = descend ? [...before.childNodes.keys()].filter((i) => !before.childNodes[i].isEqualNode(after.childNodes[i])) : [];
  if (!descend || differing.some((i) => !(before.childNodes[i] instanceof Element))) {
    parts.push([live, after]);
    return;
  }
  for (const i of differing) changedParts(live.childNodes[i] as Element, before.childNodes[i] as Element, after.childNodes[i] as Element, parts);
}

/** The page as the server now writes it (`html`, sent with the event, or fetched), patched into the open document without a reload. */
async function patch(html?: string): Promise<void> {
  const next = html === undefined ? await fetchPage() : parse(html);
  const current = [...document.body.children].slice(0, serverElements ?? document.body.children.length);
  const replaced: Element[] = [];
  const fresh = [...next.body.children];
  const morph = (old: Element, element: Element) =>
    Idiomorph.morph(old, element, {
      morphStyle: "outerHTML",
      callbacks: {
        beforeNodeMorphed: (from: Node, to: Node) => {
          if (!(from instanceof Element) || !from.hasAttribute("data-island")) return true;
          if (to instanceof Element && islandSignature(from) === islandSignature(to)) return false;
          // New props or another island: the server's markup replaces it, and it hydrates again.
          const copy = document.importNode(to, true) as Element;
          from.replaceWith(copy);
          replaced.push(copy);
          return false;
        },
      },
    });
  const before = served ? [...served.body.children] : [];
  // The open page has the server's last markup where its elements have the same names: only what changed
  // is morphed. Else (the first patch, or elements come or go) the whole body is.
  if (before.length === fresh.length && current.length === fresh.length && current.every((element, i) => element.nodeName === fresh[i].nodeName)) {
    const parts: [Element, Element][] = [];
    for (const [i, element] of fresh.entries()) changedParts(current[i], before[i], element, parts);
    for (const [live, element] of parts) morph(live, element.cloneNode(true) as Element);
  } else {
    let last: Element | null = null;
    for (const [i, element] of fresh.map((one) => one.cloneNode(true) as Element).entries()) {
      const old = current[i];
      if (!old) {
        if (last) last.after(element);
        else document.body.prepend(element);
        last = element;
        continue;
      }
      const morphed = morph(old, element);
      last = (Array.isArray(morphed) && morphed[0] instanceof Element ? morphed[0] : old) as Element;
    }
    for (const extra of current.slice(fresh.length)) extra.remove();
  }
  served = next;
  serverElements = fresh.length;
  document.title = next.title;
  for (const meta of next.head.querySelectorAll("meta[name], meta[property], link[rel=canonical]")) {
    const selector =
      meta.tagName === "LINK"
        ? "link[rel=canonical]"
        : meta.hasAttribute("name")
          ? `meta[name="${meta.getAttribute("name")}"]`
          : `meta[property="${meta.getAttribute("property")}"]`;
    const mine = document.head.querySelector(selector);
    for (const name of ["content", "href"]) if (meta.hasAttribute(name)) mine?.setAttribute(name, meta.getAttribute(name) as string);
  }
  // The island bootstrap hydrates an island at its first event; islands that hydrate on their own get one now.
  for (const island of replaced) {
    if (island.getAttribute("data-when") !== "interaction") island.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  }
}

let patching = Promise.resolve();
/** Patches one after another, so two quick saves arrive in order. */
const update = (html?: string) => {
  patching = patching.then(() => patch(html)).catch(() => location.reload());
};

fetchPage().then((page) => {
  serverElements ??= page.body.children.length;
});

const events = new EventSource(`/__dev/events${location.pathname === "/" ? "" : location.pathname}`);
let session: string | null = null;
const on = (name: string, handle: (data: string) => void) => events.addEventListener(name, (event) => handle((event as MessageEvent<string>).data));

// On every (re)connection: a new session means the dev server restarted (its own code changed), and a
// rebuild since this page loaded means an update was sent before this page was listening.
on("hello", (data) => {
  const hello = JSON.parse(data) as { session: string; updatedAt: number };
  if (session !== null && session !== hello.session) location.reload();
  else if (hello.updatedAt > performance.timeOrigin) update();
  session = hello.session;
});
on("update", () => {
  document.getElementById(OVERLAY_ID)?.remove();
  update();
});
on("page", (html) => {
  document.getElementById(OVERLAY_ID)?.remove();
  update(html);
});
on("reload", () => location.reload());
on("css", (css) => {
  document.getElementById(OVERLAY_ID)?.remove();
  swapStylesheet(css);
});
on("css-splice", (data) => {
  document.getElementById(OVERLAY_ID)?.remove();
  // Never the case while the page follows the events in order; a reload then gets it the stylesheet.
  if (!spliceStylesheet(JSON.parse(data) as Splice[])) location.reload();
});
on("problem", (data) => panel(OVERLAY_ID, JSON.parse(data) as Problem, true));
on("clear", () => document.getElementById(OVERLAY_ID)?.remove());
on("notice", (data) => {
  if (data) panel(NOTICE_ID, JSON.parse(data) as Problem, false);
  else document.getElementById(NOTICE_ID)?.remove();
});
