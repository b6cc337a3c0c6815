// The page side of `npm run dev` (never in a production build): reloads the page when the site was
// rebuilt, swaps the stylesheet in place when only styles changed, and shows build errors over the
// page until the next good save. Styles are set through CSSOM, which the page's CSP allows.

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

/** Applies a new stylesheet without a reload. The text comes with the event, so there is no request to
 * wait for; it is set as a constructed stylesheet (CSSOM, which the page's CSP allows where a changed
 * <style> would need a new hash), and the inlined one goes. */
function swapStylesheet(css: string): void {
  const inlined = document.querySelector("head style");
  if (inlined?.textContent === css) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [sheet];
  inlined?.remove();
}

const events = new EventSource("/__dev/events");
let session: string | null = null;
const on = (name: string, handle: (data: string) => void) => events.addEventListener(name, (event) => handle((event as MessageEvent<string>).data));

// On every (re)connection: a new session means the dev server restarted (its own code changed), and a
// rebuild since this page loaded means a reload was sent before this page was listening.
on("hello", (data) => {
  const hello = JSON.parse(data) as { session: string; updatedAt: number };
  if ((session !== null && session !== hello.session) || hello.updatedAt > performance.timeOrigin) location.reload();
  session = hello.session;
});
on("reload", () => location.reload());
on("css", (css) => {
  document.getElementById(OVERLAY_ID)?.remove();
  swapStylesheet(css);
});
on("problem", (data) => panel(OVERLAY_ID, JSON.parse(data) as Problem, true));
on("clear", () => document.getElementById(OVERLAY_ID)?.remove());
on("notice", (data) => {
  if (data) panel(NOTICE_ID, JSON.parse(data) as Problem, false);
  else document.getElementById(NOTICE_ID)?.remove();
});
