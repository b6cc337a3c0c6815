// The dev server's channel to the open pages: server-sent events, which browser/dev-client.ts reads.
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { narrowed } from "./styles.ts";

type Problem = { title: string; text: string };

export class PageChannel {
  /** Each open page's stream, with the route it shows. */
  private readonly streams = new Map<ServerResponse, string>();
  private readonly session = randomUUID();
  /** When the documents last changed, and their stylesheet (the CMS's preview's too): a page connecting later catches up. */
  private updatedAt = Date.now();
  stylesheet = "";
  private problem: Problem | null = null;
  private readonly notices = new Map<string, string>();

  attach(res: ServerResponse, route: string): void {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    // Reconnect quickly when the server restarts.
    res.write(`retry: 300\n${frame("hello", JSON.stringify({ session: this.session, updatedAt: this.updatedAt }))}`);
    if (this.stylesheet) res.write(frame("css", this.stylesheet));
    if (this.problem) res.write(frame("problem", JSON.stringify(this.problem)));
    if (this.notices.size) res.write(frame("notice", this.noticeData()));
    this.streams.set(res, route);
    res.on("close", () => this.streams.delete(res));
  }

  /** Open pages patch themselves in place; one showing a changed route gets its document with the event (no request). */
  update(routes: string[], documentOf: (route: string) => string | null): void {
    this.updatedAt = Date.now();
    const documents = new Map<string, string | null>();
    for (const [res, route] of this.streams) {
      if (routes.includes(route) && !documents.has(route)) documents.set(route, documentOf(route));
      const html = documents.get(route);
      res.write(html ? frame("page", html) : frame("update", JSON.stringify(routes)));
    }
  }

  /** The browser code changed: open pages load again. `writtenAt`: a page loaded since then is already fresh. */
  reload(writtenAt: number): void {
    this.updatedAt = writtenAt;
    this.send("reload");
  }

  /** The pages get only the spans of rules that changed (`css-splice`), once they have a stylesheet. */
  swapStylesheet(css: string): void {
    if (css === this.stylesheet) return;
    if (this.stylesheet) this.send("css-splice", JSON.stringify(narrowed({ at: 0, removed: this.stylesheet, text: css })));
    else this.send("css", css);
    this.stylesheet = css;
  }

  private send(event: string, data = ""): void {
    for (const res of this.streams.keys()) res.write(frame(event, data));
  }

  showProblem(problem: Problem | null): void {
    if (problem) this.send("problem", JSON.stringify(problem));
    else if (this.problem) this.send("clear");
    this.problem = problem;
  }

  /** Non-blocking findings (type errors, verification) by source, told in the terminal too; "" clears one. */
  notice(source: string, text: string): void {
    if (text) console.error(`[dev] ${source.toLowerCase()}:\n${text}`);
    if ((this.notices.get(source) ?? "") === text) return;
    if (text) this.notices.set(source, text);
    else this.notices.delete(source);
    this.send("notice", this.noticeData());
  }

  private noticeData(): string {
    if (!this.notices.size) return "";
    return JSON.stringify({ title: [...this.notices.keys()].join(" and "), text: [...this.notices.values()].join("\n\n") });
  }
}

const frame = (event: string, data: string) => `event: ${event}\ndata: ${data.replaceAll("\n", "\ndata: ")}\n\n`;
