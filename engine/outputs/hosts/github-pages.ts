// GitHub Pages has no redirect rules: each redirect becomes a small page at the old address that
// sends the visitor on at once and tells search engines where the page lives now.
import type { Redirect } from "../../../content/collections.ts";

export function redirectPage(redirect: Redirect, siteUrl: string): string {
  return `<!doctype html>
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
}
