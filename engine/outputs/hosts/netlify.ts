// _headers and _redirects: the files Netlify and Cloudflare Pages both read from the site's root.
import type { Redirect } from "../../../content/collections.ts";
import type { HeaderPolicy } from "./policy.ts";

const block = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ""];

/** Both hosts merge every block that matches, so a header appears in one block per path only, but for a
 * folder with a policy of its own (/admin/*): Netlify sends the later block's value, and Cloudflare Pages
 * joins both unless the block first detaches the site's (`! Name`, a line Netlify refuses): `detach` for
 * a build on Cloudflare Pages. */
export function headersFile(policy: HeaderPolicy, { detach = false } = {}): string {
  const rules = policy.rules.map((rule) => {
    const replaced = Object.keys(rule.headers).filter((name) => name in policy.security);
    const lines = block(rule.path, rule.headers);
    return detach && replaced.length ? [lines[0], ...replaced.map((name) => `  ! ${name}`), ...lines.slice(1)] : lines;
  });
  return [...block("/*", policy.security), ...rules.flat()].join("\n");
}

export function redirectsFile(redirects: Redirect[]): string {
  return redirects.map(({ from, to, status }) => `${from} ${to} ${status}\n`).join("");
}
