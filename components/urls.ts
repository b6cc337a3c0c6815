/** A site path as an absolute address on `siteUrl`; an address already absolute stays as it is. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return path.startsWith("http") ? path : `${siteUrl}${path}`;
}
