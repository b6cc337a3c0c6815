// The one header policy every host serves, whatever writes it out (_headers, nginx, CloudFront).
// Rules are matched by exact path or by path prefix; a response gets the security headers plus the
// headers of every rule that matches it.

export interface HeaderRule {
  /** An exact site path ("/services", "/case-studies/x.pdf"), or a folder and all below it ("/assets/*"). */
  path: string;
  headers: Record<string, string>;
}

export interface HeaderPolicy {
  /** Sent with every response, the not-found page included. */
  security: Record<string, string>;
  rules: HeaderRule[];
}

/** Content-hashed files never change under their name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Pages may be cached but are checked with the host on every visit, so a deploy shows at once. */
export const REVALIDATE = "no-cache";

/** Folders whose file names carry a content hash (engine/pipeline/islands.ts, engine/pipeline/styles.ts, engine/media/images.ts). */
const HASHED_FOLDERS = ["/assets/*", "/images/*"];

interface PolicyInput {
  /** The page policy (engine/outputs/csp.ts); headers add what only a header can carry. */
  csp: string;
  /** Every page's site path, the not-found page's file ("/404.html") included. */
  pages: string[];
  /** The downloadable documents' site paths. */
  documents: string[];
  /** The headers of the CMS at /admin/ (engine/outputs/admin.ts), which replace the site's there; none when it is not published. */
  admin?: Record<string, string> | null;
}

/** The folder the CMS is served from, with a policy of its own. */
export const ADMIN_RULE = "/admin/*";

export function headerPolicy({ csp, pages, documents, admin }: PolicyInput): HeaderPolicy {
  return {
    security: {
      "Content-Security-Policy": `${csp}; frame-ancestors 'none'; upgrade-insecure-requests`,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    },
    rules: [
      ...HASHED_FOLDERS.map((path) => ({ path, headers: { "Cache-Control": IMMUTABLE } })),
      ...pages.map((path) => ({ path, headers: { "Cache-Control": REVALIDATE } })),
      // A download, never a PDF viewer inside the page.
      ...documents.map((path) => ({
        path,
        headers: { "Content-Disposition": `attachment; filename="${path.split("/").pop()}"`, "Cache-Control": REVALIDATE },
      })),
      ...(admin ? [{ path: ADMIN_RULE, headers: admin }] : []),
    ],
  };
}

export function isFolderRule(rule: HeaderRule): boolean {
  return rule.path.endsWith("/*");
}

/** Every header a response for `path` carries under the policy. */
export function headersFor(policy: HeaderPolicy, path: string): Record<string, string> {
  const matches = (rule: HeaderRule) => (isFolderRule(rule) ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path);
  return Object.assign({ ...policy.security }, ...policy.rules.filter(matches).map((rule) => rule.headers));
}
