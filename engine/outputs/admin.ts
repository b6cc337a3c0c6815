// The CMS at /admin/: a build publishes it when CMS_GITHUB_REPO is set; the dev server always serves it (engine/dev/admin.ts).
import { readFile } from "node:fs/promises";
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

/** A folder, so the CMS's page is /admin/ on every host. */
export const ADMIN_PATH = "/admin/";
export const CMS_SCRIPT = "cms.js";
export const CMS_CONFIG = "config.yml";
export const SITE_SCRIPT = "cms-site.js";
export const PREVIEW_PAGE = "preview-page.js";
export const CMS_STYLE = "cms.css";
export const PREVIEW_STYLE = "site.css";
const SOURCES: Record<string, string> = { [CMS_SCRIPT]: "cms.ts", [SITE_SCRIPT]: "cms-site.ts", [PREVIEW_PAGE]: "cms-preview-page.tsx" }; // in browser/
const PREVIEWED_FOLDER = "content/case-studies";
/** `authUrl`: the OAuth client that signs an editor in to GitHub, when not Netlify's. */
export type CmsSettings = { repo: string; branch: string; authUrl: string | null };

export const githubBackend = ({ repo, branch, authUrl }: CmsSettings): CmsBackend => ({
  name: "github",
  repo,
  branch,
  ...(authUrl ? { base_url: authUrl } : {}),
});

/** What Decap CMS needs: eval (decaporg/decap-cms#2138), inline styles (emotion), blob:/data: avatars and uploads, its own frames. */
export function adminCsp(backend: CmsBackend): string {
  const github = backend.name === "github";
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${github ? " https://avatars.githubusercontent.com https://raw.githubusercontent.com" : ""}`,
    `connect-src 'self' blob:${github ? " https://api.github.com" : ""}`,
    "font-src 'self' data:",
    "frame-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

export const adminHeaders = (csp: string): Record<string, string> => ({
  "Content-Security-Policy": `${csp}; frame-ancestors 'none'`,
  "X-Robots-Tag": "noindex",
  // The sign-in window posts the editor's token back to the page that opened it.
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "Cache-Control": "no-cache",
});

/** The policy also as a <meta>: GitHub Pages sends no headers. */
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

export const adminConfig = (backend: CmsBackend) => `${JSON.stringify(cmsConfig(backend), null, 2)}\n`;

const OPTIONS = { bundle: true, format: "iife", target: "es2022", minify: true, legalComments: "none", jsx: "automatic" } satisfies esbuild.BuildOptions;
// Decap's packages read Node's `global` here and there, as webpack gave it them.
const DEFINE = { "process.env.NODE_ENV": '"production"', global: "globalThis" };

export async function adminScript(root: string, name: string): Promise<{ text: string; inputs: string[] }> {
  const collections = cmsCollections();
  const collection = collections.find((entry) => entry.folder === PREVIEWED_FOLDER)?.name;
  const pages = collections.flatMap((entry) => entry.files ?? []).filter((file) => isPagedFile(file.file));
  const templates = [collection, ...pages.map((file) => file.name)];
  const result = await (await loadEsbuild())
    .build({
      ...OPTIONS,
      write: false,
      metafile: true,
      logLevel: "silent",
      entryPoints: [join(root, "browser", SOURCES[name])],
      define: {
        ...DEFINE,
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

/** What the CMS's script is made from: browser/cms.ts, the packages installed (npm's record of the install, else the lockfile), esbuild. */
export function cmsKey(root: string): string {
  const installed = readIfExists(join(root, "node_modules/.package-lock.json")) ?? readIfExists(join(root, "package-lock.json")) ?? "";
  return keyOf(esbuildVersion, JSON.stringify([OPTIONS, DEFINE]), readIfExists(join(root, "browser", SOURCES[CMS_SCRIPT])) ?? "", installed);
}

/** Made once per machine (3 MB from ~1,900 files): each use restarts its blob's hour of grace. */
export async function cmsScript(root: string, key = cmsKey(root)): Promise<Buffer> {
  return cached("cms", key, "js", async () => (await adminScript(root, CMS_SCRIPT)).text, { refresh: true });
}

export function cmsStyle(root: string): Promise<string> {
  return readFile(join(root, "browser/cms.css"), "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new Error(`browser/cms.css: the CMS's stylesheet could not be read (${error.code}); restore it from git`);
  });
}

export const cmsScriptKept = (key: string): boolean => blobKept(`cms/${key}.js`);

export async function writeAdmin(outDir: string, settings: CmsSettings | null, stylesheet: string): Promise<string[]> {
  if (!settings) return [];
  const backend = githubBackend(settings);
  const root = process.cwd();
  const files: Record<string, string | Promise<string | Buffer>> = {
    "index.html": adminPage(adminCsp(backend)),
    [CMS_CONFIG]: adminConfig(backend),
    [CMS_SCRIPT]: cmsScript(root),
    [SITE_SCRIPT]: adminScript(root, SITE_SCRIPT).then(({ text }) => text),
    [PREVIEW_PAGE]: adminScript(root, PREVIEW_PAGE).then(({ text }) => text),
    [CMS_STYLE]: cmsStyle(root),
    [PREVIEW_STYLE]: stylesheet,
  };
  await Promise.all(Object.entries(files).map(async ([name, data]) => writeIfChanged(join(outDir, ADMIN_PATH, name), await data)));
  return Object.keys(files).map((file) => `${ADMIN_PATH.slice(1)}${file}`);
}
