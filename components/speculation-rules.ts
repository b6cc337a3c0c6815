// The next page ready before the click, in Chromium (110+): one static <script type="speculationrules">
// whose hash is in the CSP (engine/outputs/csp.ts), the same text on every page. A link to one of the site's own
// pages is fetched while a pointer rests on it or focus holds it (prefetch, moderate), and rendered
// ahead while it is pressed (prerender, conservative). Never a PDF, the not-found page, another site's
// page, a download or a link that opens elsewhere; the forms post from their own page by script, so no
// form target is a link to speculate on. Firefox and WebKit ignore the script and navigate as before.
// What runs on a page rendered ahead waits until it is shown: browser/analytics.ts.

/** Links to the site's own pages that may be fetched or rendered ahead. */
const OWN_PAGES = {
  and: [
    { href_matches: "/*" },
    { not: { href_matches: ["/*.pdf", "/404", "/__dev/*"] } },
    { not: { selector_matches: "[download], [target], [rel~=external], [rel~=nofollow]" } },
  ],
};

export const speculationRules = JSON.stringify({
  prefetch: [{ where: OWN_PAGES, eagerness: "moderate" }],
  prerender: [{ where: OWN_PAGES, eagerness: "conservative" }],
});
