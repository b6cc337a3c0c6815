// What an external address's answer means. Our own requests rather than linkinator's: it waits out a 429 as long and
// as often as the site asks, and tells neither a link's text nor a 999 from a link it was told to skip.
import { STATUS_CODES } from "node:http";

export const CHECK_POLICY = {
  timeoutMs: 20_000, // for the status and headers, else no answer
  tries: 3, // in all, for an address that gives no answer or a 5xx
  retryPauseMs: 5_000, // before asking again after no answer or a 5xx, doubled each time
  rateLimitTries: 3, // 429s in a row before giving up (could not check)
  longestWaitMs: 60_000, // the longest Retry-After waited: a site that asks for more is asked again after this long
  redirects: 10, // followed to the end of a chain
};
export type CheckPolicy = typeof CHECK_POLICY;

/** ok: 2xx at the end of its redirects. broken: 404, 410, any other 4xx but the refusals, a 5xx or no answer after
 * every try, a redirect without end. unchecked: the site refuses robots (999, 401, 403) or kept answering 429. */
export type Verdict = { kind: "ok" | "broken" | "unchecked"; answer: string };
const REFUSALS = new Set([401, 403, 999]);
/** Sites answer a browser-like agent as they answer visitors; many refuse a bare script's. */
const HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 (link check)",
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
};

export const statusWords = (status: number) => `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ""}`;
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

function failureOf(error: unknown, policy: CheckPolicy): string {
  if (error instanceof Error && error.name === "TimeoutError") return `no answer within ${seconds(policy.timeoutMs)}`;
  const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `no answer: its host name is not found (${code})`;
  if (code === "ECONNREFUSED") return `no answer: the connection was refused (${code})`;
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return `no answer: the connection was cut (${code})`;
  if (/CERT|SSL|TLS/.test(code)) return `no answer: its certificate was not accepted (${code})`;
  return `no answer (${code})`;
}

async function ask(address: string, policy: CheckPolicy): Promise<{ status: number; retryAfter: string | null; after: string } | { failure: string }> {
  const redirects: string[] = [];
  for (let url = address; ; ) {
    let response: Response;
    try {
      // GET, as some sites answer HEAD 403, 404 or 405 where the page is there; the body is not read.
      response = await fetch(url, { headers: HEADERS, redirect: "manual", signal: AbortSignal.timeout(policy.timeoutMs) });
      await response.body?.cancel();
    } catch (error) {
      return { failure: failureOf(error, policy) };
    }
    const location = response.headers.get("location");
    const after = redirects.length ? ` after ${redirects.join(", then ")}` : "";
    if (response.status < 300 || response.status >= 400 || location === null)
      return { status: response.status, retryAfter: response.headers.get("retry-after"), after };
    if (redirects.length === policy.redirects) return { failure: `more than ${policy.redirects} redirects` };
    url = new URL(location, url).href;
    redirects.push(`${response.status} to ${url}`);
  }
}

export async function verdictOf(address: string, policy: CheckPolicy = CHECK_POLICY): Promise<Verdict> {
  let [tries, limited, waitedMs] = [0, 0, 0];
  for (;;) {
    const answer = await ask(address, policy);
    if ("failure" in answer || (answer.status >= 500 && answer.status < 600)) {
      if (++tries < policy.tries) {
        await pause(policy.retryPauseMs * 2 ** (tries - 1));
        continue;
      }
      const said = "failure" in answer ? answer.failure : `${statusWords(answer.status)}${answer.after}`;
      return { kind: "broken", answer: tries > 1 ? `${said} (asked ${tries} times)` : said };
    }
    const said = `${statusWords(answer.status)}${answer.after}`;
    if (answer.status === 429) {
      if (++limited < policy.rateLimitTries) {
        // The wait its Retry-After asks for (seconds or a date), within the policy's longest.
        const header = answer.retryAfter?.trim() ?? "";
        const asked = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now();
        const wait = Math.min(Math.max(Number.isNaN(asked) ? policy.retryPauseMs * 2 ** (limited - 1) : asked, 0), policy.longestWaitMs);
        waitedMs += wait;
        await pause(wait);
        continue;
      }
      return { kind: "unchecked", answer: `${said}, ${limited} times over ${seconds(waitedMs)}: the site limits how often it is asked` };
    }
    if (REFUSALS.has(answer.status)) return { kind: "unchecked", answer: `${said}: the site refuses automated checks` };
    return { kind: answer.status >= 200 && answer.status < 300 ? "ok" : "broken", answer: said };
  }
}
