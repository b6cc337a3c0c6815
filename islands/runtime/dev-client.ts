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

/** Swaps the stylesheet without a reload: the new one loads first, so the page never shows unstyled.
 * The page inlines its stylesheet; the swap links the compiled file instead (the policy allows 'self'). */
function swapStylesheet(href: string): void {
  const current = [...document.querySelectorAll<HTMLStyleElement | HTMLLinkElement>('head style, head link[rel="stylesheet"]')];
  if (current.some((sheet) => sheet.getAttribute("href") === href)) return;
  const next = document.createElement("link");
  next.rel = "stylesheet";
  next.href = href;
  next.addEventListener("load", () => {
    for (const sheet of current) sheet.remove();
  });
  document.head.append(next);
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
on("css", (href) => {
  document.getElementById(OVERLAY_ID)?.remove();
  swapStylesheet(href);
});
on("problem", (data) => panel(OVERLAY_ID, JSON.parse(data) as Problem, true));
on("clear", () => document.getElementById(OVERLAY_ID)?.remove());
on("notice", (data) => {
  if (data) panel(NOTICE_ID, JSON.parse(data) as Problem, false);
  else document.getElementById(NOTICE_ID)?.remove();
});
