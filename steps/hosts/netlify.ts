// _headers and _redirects: the files Netlify and Cloudflare Pages both read from the site's root.
import type { Redirect } from "../../content/collections.ts";
import type { HeaderPolicy } from "./policy.ts";

const block = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ""];

/** Both hosts merge every block that matches, so a header appears in one block per path only. */
export function headersFile(policy: HeaderPolicy): string {
  const rules = policy.rules.map((rule) => block(rule.path, rule.headers));
  return [...block("/*", policy.security), ...rules.flat()].join("\n");
}

export function redirectsFile(redirects: Redirect[]): string {
  return redirects.map(({ from, to, status }) => `${from} ${to} ${status}\n`).join("");
}
