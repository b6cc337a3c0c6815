import { minify } from "html-minifier-terser";

/** Conservative: inline scripts are left byte-for-byte, because their hashes are in the CSP. */
export function minifyHtml(html: string): Promise<string> {
  return minify(html, {
    collapseWhitespace: true,
    conservativeCollapse: true,
    removeComments: true,
    collapseBooleanAttributes: true,
    minifyJS: false,
    minifyCSS: false,
  });
}
