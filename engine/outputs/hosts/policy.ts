// The one header policy every host serves: the security headers, and those of every rule matching the path.

/** `path`: an exact site path ("/services"), or a folder and all below it ("/assets/*"). */
export type HeaderRule = { path: string; headers: Record<string, string> };
/** `security`: sent with every response, the not-found page included. */
export type HeaderPolicy = { security: Record<string, string>; rules: HeaderRule[] };

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";
export const ADMIN_RULE = "/admin/*";
/** `pages`: every page's site path, "/404.html" included; `admin`: the CMS's headers, which replace the site's at /admin/. */
export type PolicyInput = { csp: string; pages: string[]; documents: string[]; admin?: Record<string, string> | null };
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
      // The folders whose file names carry a content hash (the islands, the stylesheet, the images).
      ...["/assets/*", "/images/*"].map((path) => ({ path, headers: { "Cache-Control": IMMUTABLE } })),
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

export const isFolderRule = (rule: HeaderRule) => rule.path.endsWith("/*");

export function headersFor(policy: HeaderPolicy, path: string): Record<string, string> {
  const matches = (rule: HeaderRule) => (isFolderRule(rule) ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path);
  return Object.assign({ ...policy.security }, ...policy.rules.filter(matches).map((rule) => rule.headers));
}
