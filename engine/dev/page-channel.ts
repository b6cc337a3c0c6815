// The dev server's channel to the pages open in a browser (server-sent events, read by
// browser/dev-client.ts): patch these routes in place, swap the stylesheet, reload, show or clear a
// build error, and non-blocking notices (type errors, verification).
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type StyleSplice, spliceText } from "./styles.ts";

export interface Problem {
  title: string;
  text: string;
}

/** The dev server's line to the open pages: a stream of events each page listens to. */
export class PageChannel {
  /** Each open page's stream, with the route it shows. */
  private readonly streams = new Map<ServerResponse, string>();
  private readonly session = randomUUID();
  /** When the documents last changed, and the stylesheet they use: a page that connects later catches up. */
  private updatedAt = Date.now();
  private stylesheet = "";
  private problem: Problem | null = null;
  private readonly notices = new Map<string, string>();

  /** A page showing `route` listens. */
  attach(res: ServerResponse, route: string): void {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    // Reconnect quickly when the server restarts.
    res.write(`retry: 300\n${this.frame("hello", JSON.stringify({ session: this.session, updatedAt: this.updatedAt }))}`);
    if (this.stylesheet) res.write(this.frame("css", this.stylesheet));
    if (this.problem) res.write(this.frame("problem", JSON.stringify(this.problem)));
    if (this.notices.size) res.write(this.frame("notice", this.noticeData()));
    this.streams.set(res, route);
    res.on("close", () => this.streams.delete(res));
  }

  /** The documents of these routes changed: open pages patch themselves in place. A page whose route
   * is one of them gets its new document with the event (`documentOf`), saving it a request. */
  update(routes: string[], documentOf: (route: string) => string | null): void {
    this.updatedAt = Date.now();
    const changed = new Set(routes);
    const documents = new Map<string, string | null>();
    for (const [res, route] of this.streams) {
      if (changed.has(route) && !documents.has(route)) documents.set(route, documentOf(route));
      const html = documents.get(route);
      res.write(html ? this.frame("page", html) : this.frame("update", JSON.stringify(routes)));
    }
  }

  /** The browser code changed: open pages load again. `writtenAt`: a page loaded since then is already fresh. */
  reload(writtenAt: number): void {
    this.updatedAt = writtenAt;
    this.send("reload");
  }

  /** The stylesheet the pages use now ("" before the first build): the CMS's preview takes it too. */
  get currentStylesheet(): string {
    return this.stylesheet;
  }

  /** `css`: the stylesheet's text, which the page applies at once (unless the pages have it already:
   * after a preview, the whole compile comes again with the same text). `css-splice`: only the spans
   * that changed, when `splices` turn the pages' stylesheet into `css`. */
  swapStylesheet(css: string, splices?: StyleSplice[]): void {
    if (css === this.stylesheet) return;
    const spliced = splices && spliceText(this.stylesheet, splices);
    this.stylesheet = css;
    if (spliced === css) this.send("css-splice", JSON.stringify(splices));
    else this.send("css", css);
  }

  private send(event: string, data = ""): void {
    for (const res of this.streams.keys()) res.write(this.frame(event, data));
  }

  showProblem(problem: Problem | null): void {
    if (problem) this.send("problem", JSON.stringify(problem));
    else if (this.problem) this.send("clear");
    this.problem = problem;
  }

  /** Non-blocking findings (type errors, verification), one line of text per source; "" clears it. */
  notice(source: string, text: string): void {
    if ((this.notices.get(source) ?? "") === text) return;
    if (text) this.notices.set(source, text);
    else this.notices.delete(source);
    this.send("notice", this.noticeData());
  }

  private noticeData(): string {
    if (!this.notices.size) return "";
    return JSON.stringify({ title: [...this.notices.keys()].join(" and "), text: [...this.notices.values()].join("\n\n") });
  }

  /** An event, each line of its data as a line of its own. */
  private frame(event: string, data: string): string {
    return `event: ${event}\ndata: ${data.replaceAll("\n", "\ndata: ")}\n\n`;
  }
}
