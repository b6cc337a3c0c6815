// _headers: security and caching headers for hosts that read it (Netlify, Cloudflare Pages).
// Pages also carry their Content-Security-Policy in a <meta>, for hosts that do not.

export function headersFile(csp: string): string {
  return [
    "/*",
    `  Content-Security-Policy: ${csp}; frame-ancestors 'none'; upgrade-insecure-requests`,
    "  X-Content-Type-Options: nosniff",
    "  Referrer-Policy: strict-origin-when-cross-origin",
    "  Permissions-Policy: camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "  Cross-Origin-Opener-Policy: same-origin",
    "  Strict-Transport-Security: max-age=63072000; includeSubDomains",
    "",
    "/assets/*",
    "  Cache-Control: public, max-age=31536000, immutable",
    "",
    "/images/*",
    "  Cache-Control: public, max-age=31536000, immutable",
    "",
  ].join("\n");
}
