// The CMS at /admin/ (the parts of Decap CMS the site uses, served from the site's own origin): its scripts,
// its page, its configuration from the content schema, and its own Content-Security-Policy. A build publishes
// it only when the GitHub backend is configured (CMS_GITHUB_REPO); the dev server always serves it, with its
// local backend (engine/dev/admin.ts). It previews an entry as its page, with the site's stylesheet.
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type * as esbuild from "esbuild";
import { type CmsBackend, cmsCollections, cmsConfig } from "../content/cms-config.ts";
import { isPagedFile } from "../content/cms-pages.ts";
import { contentPlugin } from "../content/modules.ts";
import { imagePlugin } from "../media/image-modules.ts";
import { esbuildVersion, loadEsbuild } from "../pipeline/esbuild.ts";
import { bundleErrorMessage } from "../pipeline/pages.ts";
import { readIfExists } from "../state/files.ts";
import { keyOf } from "../state/key.ts";
import { blobKept, cached } from "../state/store.ts";
import { writeIfChanged } from "./output.ts";

/** Where the CMS is served: a folder, so its page is /admin/ on every host. */
export const ADMIN_PATH = "/admin/";
// The CMS's files: Decap's parts, React included (browser/cms.ts); its configuration (JSON, which YAML
// reads); the site's part (browser/cms-site.ts: its content's format, checks, widgets, words and previews,
// made with each build from the schema, which starts the CMS); the preview of an entry as its page
// (browser/cms-preview-page.tsx), fetched when a preview first shows; Decap's layout made to fit a phone
// (browser/cms.css); and the site's stylesheet, for the preview.
export const CMS_SCRIPT = "cms.js";
export const CMS_CONFIG = "config.yml";
export const SITE_SCRIPT = "cms-site.js";
export const PREVIEW_PAGE = "preview-page.js";
export const CMS_STYLE = "cms.css";
export const PREVIEW_STYLE = "site.css";
const SOURCES: Record<string, string> = {
  [CMS_SCRIPT]: "browser/cms.ts",
  [SITE_SCRIPT]: "browser/cms-site.ts",
  [PREVIEW_PAGE]: "browser/cms-preview-page.tsx",
};
/** The folder whose entries the preview shows as their page. */
const PREVIEWED_FOLDER = "content/case-studies";

/** The GitHub repository (owner/name) the CMS commits to, and the OAuth client that signs an editor in to
 * GitHub (docs/cms.md) when not Netlify's. */
export interface CmsSettings {
  repo: string;
  branch: string;
  authUrl: string | null;
}

/** The GitHub backend: each change a pull request (the editorial workflow). */
export const githubBackend = ({ repo, branch, authUrl }: CmsSettings): CmsBackend => ({
  name: "github",
  repo,
  branch,
  ...(authUrl ? { base_url: authUrl } : {}),
});

/**
 * The policy of /admin/ alone, with what Decap CMS needs and nothing more, measured in Chromium: its
 * bundle evaluates code ('unsafe-eval', decaporg/decap-cms#2138) and styles its elements inline (emotion);
 * it reads and writes through its backend (connect-src: the dev server's own origin, or GitHub's API),
 * shows GitHub avatars and the photos it uploads as blob: and data: addresses, and previews an entry in a
 * frame of its own page. Sign-in opens the OAuth client's window (docs/cms.md), which posts back to it.
 */
export function adminCsp(backend: CmsBackend): string {
  const github = backend.name === "github";
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${github ? " https://avatars.githubusercontent.com https://raw.githubusercontent.com" : ""}`,
    // blob: the photo being uploaded is read back from its blob: address to be sent.
    `connect-src 'self' blob:${github ? " https://api.github.com" : ""}`,
    "font-src 'self' data:",
    "frame-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** Headers only a header can carry, for /admin/* on every host (engine/outputs/hosts/policy.ts). */
export const adminHeaders = (csp: string): Record<string, string> => ({
  "Content-Security-Policy": `${csp}; frame-ancestors 'none'`,
  "X-Robots-Tag": "noindex",
  // The sign-in window posts the editor's token back to the page that opened it.
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "Cache-Control": "no-cache",
});

/** The CMS's page: its policy also as a <meta> (GitHub Pages sends no headers), never indexed. Its
 * configuration is preloaded, so it has arrived when Decap has run and asks for it (a fetch of the same
 * mode, which takes the preloaded answer). */
export function adminPage(csp: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>Content manager</title>
<link rel="cms-config-url" type="text/yaml" href="${ADMIN_PATH}${CMS_CONFIG}">
<link rel="preload" href="${ADMIN_PATH}${CMS_CONFIG}" as="fetch" crossorigin>
<link rel="stylesheet" href="${ADMIN_PATH}${CMS_STYLE}">
</head>
<body>
<script src="${ADMIN_PATH}${CMS_SCRIPT}"></script>
<script src="${ADMIN_PATH}${SITE_SCRIPT}" defer></script>
</body>
</html>
`;
}

/** The CMS's configuration file for a backend. */
export const adminConfig = (backend: CmsBackend) => `${JSON.stringify(cmsConfig(backend), null, 2)}\n`;

/** How the CMS's scripts are bundled. */
const OPTIONS = {
  bundle: true,
  format: "iife",
  target: "es2022",
  minify: true,
  legalComments: "none",
  jsx: "automatic",
  // Decap's packages read Node's `global` here and there, as webpack gave it them.
  define: { "process.env.NODE_ENV": '"production"', global: "globalThis" },
  write: false,
  metafile: true,
  logLevel: "silent",
} satisfies esbuild.BuildOptions;

/** One of the CMS's scripts (CMS_SCRIPT, SITE_SCRIPT or PREVIEW_PAGE), minified, and the files it was
 * made from (absolute paths). */
export async function adminScript(root: string, name: string): Promise<{ text: string; inputs: string[] }> {
  const collections = cmsCollections();
  const collection = collections.find((entry) => entry.folder === PREVIEWED_FOLDER)?.name;
  // Each file with a page of its own previews as it (engine/content/cms-pages.ts).
  const pages = collections.flatMap((entry) => entry.files ?? []).filter((file) => isPagedFile(file.file));
  const templates = [collection, ...pages.map((file) => file.name)];
  const result = await (await loadEsbuild())
    .build({
      ...OPTIONS,
      entryPoints: [join(root, SOURCES[name])],
      define: {
        ...OPTIONS.define,
        CMS_PREVIEW: JSON.stringify({ collection, templates, stylesheet: `${ADMIN_PATH}${PREVIEW_STYLE}`, page: `${ADMIN_PATH}${PREVIEW_PAGE}` }),
      },
      absWorkingDir: root,
      // The page reads the list of studies only for its paths: the preview reads none of them.
      plugins: [contentPlugin(root, undefined, { unread: true }), imagePlugin(root)],
    })
    .catch((error: esbuild.BuildFailure) => {
      throw new Error(bundleErrorMessage(error, `${ADMIN_PATH}${name}: the CMS could not be made`));
    });
  const files = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith("<")); // not <define:…>
  return { text: result.outputFiles[0].text, inputs: files.map((input) => join(root, input)) };
}

/** What the CMS's script is made from, hashed: browser/cms.ts, the packages installed (npm writes
 * node_modules/.package-lock.json at each install), esbuild's version and how it bundles. */
export function cmsKey(root: string): string {
  // The lockfile where npm wrote no record of the install (another package manager's).
  const installed = readIfExists(join(root, "node_modules/.package-lock.json")) ?? readIfExists(join(root, "package-lock.json")) ?? "";
  const sources = [readIfExists(join(root, SOURCES[CMS_SCRIPT])) ?? "", installed];
  return keyOf(esbuildVersion, JSON.stringify(OPTIONS), ...sources);
}

/** The CMS's whole script, made once per machine (3.0 MB from ~1,900 files in node_modules, ~1.3 s) and
 * kept under its key. Each use restarts the blob's hour of grace: a build that does not publish /admin/
 * leaves the dev server's alone. */
export async function cmsScript(root: string, key = cmsKey(root)): Promise<Buffer> {
  return cached("cms", key, "js", async () => (await adminScript(root, CMS_SCRIPT)).text, { refresh: true });
}

export function cmsStyle(root: string): Promise<string> {
  return readFile(join(root, "browser/cms.css"), "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new Error(`browser/cms.css: the CMS's stylesheet could not be read (${error.code}); restore it from git`);
  });
}

/** Whether the CMS's script of this key is kept (cmsScript would only read it). */
export const cmsScriptKept = (key: string): boolean => blobKept(`cms/${key}.js`);

/** Writes /admin/ into the site when the CMS is configured, with the site's `stylesheet` for its preview;
 * returns the files written (site-relative). */
export async function writeAdmin(outDir: string, settings: CmsSettings | null, stylesheet: string): Promise<string[]> {
  if (!settings) return [];
  const backend = githubBackend(settings);
  const folder = join(outDir, ADMIN_PATH);
  await mkdir(folder, { recursive: true });
  await Promise.all([
    writeIfChanged(join(folder, "index.html"), adminPage(adminCsp(backend))),
    writeIfChanged(join(folder, CMS_CONFIG), adminConfig(backend)),
    cmsScript(process.cwd()).then((bytes) => writeIfChanged(join(folder, CMS_SCRIPT), bytes)),
    ...[SITE_SCRIPT, PREVIEW_PAGE].map((name) => adminScript(process.cwd(), name).then(({ text }) => writeIfChanged(join(folder, name), text))),
    cmsStyle(process.cwd()).then((text) => writeIfChanged(join(folder, CMS_STYLE), text)),
    writeIfChanged(join(folder, PREVIEW_STYLE), stylesheet),
  ]);
  return ["index.html", CMS_CONFIG, CMS_SCRIPT, SITE_SCRIPT, PREVIEW_PAGE, CMS_STYLE, PREVIEW_STYLE].map((file) => `${ADMIN_PATH.slice(1)}${file}`);
}
