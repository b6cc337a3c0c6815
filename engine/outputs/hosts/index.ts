// Each host's files, from one header policy (policy.ts) and one redirect list (content/redirects.yaml).
// _headers and _redirects, which Netlify and Cloudflare Pages read, go into the site; the rest into the hosts folder.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { hostAddress, type Redirect } from "../../../content/collections.ts";
import { yamlLines } from "../../content/read.ts";
import { outputFileOf } from "../../pipeline/routes.ts";
import { writeIfChanged } from "../output.ts";
import type { OutputFolders } from "../staging.ts";
import { cloudFrontFunction } from "./cloudfront.ts";
import { NGINX_SNIPPET, nginxServerBlock, nginxSnippet } from "./nginx.ts";
import { type HeaderPolicy, headerPolicy, type PolicyInput } from "./policy.ts";

const REDIRECTS_FILE = "content/redirects.yaml";
/** A redirect must leave an address no page uses, for a page that exists; each that does not is named with its line. */
export function checkRedirects(redirects: Redirect[], routes: string[], lineOf: (path: [number, "from" | "to"]) => number): void {
  const pages = new Set(routes.map(hostAddress));
  const problems = redirects.flatMap(({ from, to }, i) => {
    if (pages.has(hostAddress(from))) return [`${REDIRECTS_FILE}:${lineOf([i, "from"])} from: ${from} is a page of its own; remove the redirect or the page`];
    if (!routes.includes(to) || to === "/404")
      return [`${REDIRECTS_FILE}:${lineOf([i, "to"])} to: ${to} is no page; lead to a route the site has, such as /case-studies`];
    return [];
  });
  if (problems.length) throw new Error(problems.join("\n"));
}

const block = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ""];

/** Netlify's and Cloudflare's _headers. Both merge every block that matches, so a header is in one block per path,
 * but for a folder with a policy of its own (/admin/*): Netlify sends the later block's value, and Cloudflare
 * joins both unless the block first detaches the site's (`! Name`, a line Netlify refuses): `detach`. */
export function headersFile(policy: HeaderPolicy, { detach = false } = {}): string {
  const rules = policy.rules.map((rule) => {
    const replaced = Object.keys(rule.headers).filter((name) => name in policy.security);
    const lines = block(rule.path, rule.headers);
    return detach && replaced.length ? [lines[0], ...replaced.map((name) => `  ! ${name}`), ...lines.slice(1)] : lines;
  });
  return [...block("/*", policy.security), ...rules.flat()].join("\n");
}

/** GitHub Pages has no redirect rules: a small page at the old address sends the visitor on and tells search
 * engines where the page lives now. */
const redirectPage = (redirect: Redirect, siteUrl: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Moved to ${redirect.to}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${redirect.to}">
<link rel="canonical" href="${siteUrl}${redirect.to}">
</head>
<body>
<p>This page has moved to <a href="${redirect.to}">${siteUrl}${redirect.to}</a>.</p>
</body>
</html>
`;

/** `routes`: every route written, "/404" included; `admin`: the CMS's headers, when it is published;
 * `cloudflare`: a build on Cloudflare Pages (headersFile's `detach`). Returns the files written into the site. */
export async function writeHostFiles(
  input: OutputFolders & Omit<PolicyInput, "pages"> & { siteUrl: string; routes: string[]; redirects: Redirect[]; cloudflare: boolean },
) {
  const { outDir, hostsDir, siteUrl, csp, routes, documents, redirects, admin, cloudflare } = input;
  checkRedirects(redirects, routes, yamlLines(process.cwd(), REDIRECTS_FILE));
  // Made anew: a host file the site no longer needs goes.
  await rm(hostsDir, { recursive: true, force: true });
  const policy = headerPolicy({ csp, pages: routes.map((route) => (route === "/404" ? "/404.html" : route)), documents, admin });
  const page = routes.find((route) => route !== "/" && route !== "/404") ?? "/";
  const files: [string, string][] = [
    [join(outDir, "_headers"), headersFile(policy, { detach: cloudflare })],
    [join(outDir, "_redirects"), redirects.map(({ from, to, status }) => `${from} ${to} ${status}\n`).join("")],
    [join(hostsDir, "nginx", NGINX_SNIPPET), nginxSnippet(policy, redirects, page)],
    [join(hostsDir, "nginx", "server.conf"), nginxServerBlock(new URL(siteUrl).hostname)],
    [join(hostsDir, "cloudfront", "function.js"), cloudFrontFunction(policy, redirects)],
    ...redirects.map((redirect): [string, string] => [join(hostsDir, "github-pages", outputFileOf(redirect.from)), redirectPage(redirect, siteUrl)]),
  ];
  await Promise.all(files.map(([file, text]) => writeIfChanged(file, text)));
  return ["_headers", "_redirects"];
}
