// Each host's files, from one header policy (policy.ts) and one redirect list (content/redirects.yaml).
// _headers and _redirects go into the site, where Netlify and Cloudflare Pages look for them; files a host
// must not serve go into the hosts folder beside it.
import { mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { hostAddress, type Redirect } from "../../../content/collections.ts";
import { yamlLines } from "../../content/read.ts";
import { outputFileOf } from "../../pipeline/routes.ts";
import { writeIfChanged } from "../output.ts";
import { cloudFrontFunction } from "./cloudfront.ts";
import { redirectPage } from "./github-pages.ts";
import { headersFile, redirectsFile } from "./netlify.ts";
import { NGINX_SNIPPET, nginxServerBlock, nginxSnippet } from "./nginx.ts";
import { headerPolicy } from "./policy.ts";

/** `routes`: every route written, "/404" included; `admin`: the CMS's headers, when it is published;
 * `cloudflare`: a build on Cloudflare Pages, whose _headers detaches the site's where /admin/ has its own. */
interface HostInput {
  outDir: string;
  hostsDir: string;
  siteUrl: string;
  csp: string;
  routes: string[];
  documents: string[];
  redirects: Redirect[];
  admin: Record<string, string> | null;
  cloudflare: boolean;
}

/** The redirect list the page bundle reads; its lines are read here for the messages. */
const REDIRECTS_FILE = "content/redirects.yaml";

/** A redirect must leave an address no page uses, for a page that exists; each that does not is named, with
 * its line (`lineOf`). */
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

async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeIfChanged(file, text);
}

/** Writes every host's files; returns those written into the site itself (dist-relative). */
export async function writeHostFiles({ outDir, hostsDir, siteUrl, csp, routes, documents, redirects, admin, cloudflare }: HostInput): Promise<string[]> {
  checkRedirects(redirects, routes, yamlLines(process.cwd(), REDIRECTS_FILE));
  // Made anew: a host file the site no longer needs goes.
  await rm(hostsDir, { recursive: true, force: true });
  const pages = routes.map((route) => (route === "/404" ? "/404.html" : route));
  const policy = headerPolicy({ csp, pages, documents, admin });
  const page = routes.find((route) => route !== "/" && route !== "/404") ?? "/";
  await Promise.all([
    write(join(outDir, "_headers"), headersFile(policy, { detach: cloudflare })),
    write(join(outDir, "_redirects"), redirectsFile(redirects)),
    write(join(hostsDir, "nginx", NGINX_SNIPPET), nginxSnippet(policy, redirects, page)),
    write(join(hostsDir, "nginx", "server.conf"), nginxServerBlock(new URL(siteUrl).hostname)),
    write(join(hostsDir, "cloudfront", "function.js"), cloudFrontFunction(policy, redirects)),
    ...redirects.map((redirect) => write(join(hostsDir, "github-pages", outputFileOf(redirect.from)), redirectPage(redirect, siteUrl))),
  ]);
  return ["_headers", "_redirects"];
}
