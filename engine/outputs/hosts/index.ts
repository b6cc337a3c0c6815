// Each host's files from one header policy and one redirect list; _headers and _redirects go into the site.
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
/** A redirect leaves an address no page uses, for a page that exists. */
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

/** Both hosts merge every matching block. For a folder with its own policy (/admin/*) Netlify sends the later
 * value, and Cloudflare joins both unless the block first detaches the site's (`! Name`, which Netlify refuses). */
export function headersFile(policy: HeaderPolicy, { detach = false } = {}): string {
  const rules = policy.rules.map((rule) => {
    const replaced = Object.keys(rule.headers).filter((name) => name in policy.security);
    const lines = block(rule.path, rule.headers);
    return detach && replaced.length ? [lines[0], ...replaced.map((name) => `  ! ${name}`), ...lines.slice(1)] : lines;
  });
  return [...block("/*", policy.security), ...rules.flat()].join("\n");
}

/** GitHub Pages has no redirect rules: a page at the old address sends visitors and search engines on. */
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

/** `routes`: every route written, "/404" included. Returns the files written into the site. */
type HostFilesInput = OutputFolders & Omit<PolicyInput, "pages"> & { siteUrl: string; routes: string[]; redirects: Redirect[]; cloudflare: boolean };
export async function writeHostFiles({ outDir, hostsDir, siteUrl, csp, routes, documents, redirects, admin, cloudflare }: HostFilesInput) {
  checkRedirects(redirects, routes, yamlLines(process.cwd(), REDIRECTS_FILE));
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
