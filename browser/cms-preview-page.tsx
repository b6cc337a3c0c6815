// The CMS's preview of a case study is its page: the entry as typed, rendered at each change by the page's
// own component (pages/case-studies/[slug].tsx) with the site's stylesheet, in the theme the site shows.
// browser/cms-preview.ts loads this bundle when a preview first shows, and hands it each change. It renders
// in the browser, so the published CMS previews with no server; with a React of its own, in a root of its
// own inside the preview's frame (Decap's React renders the frame and the box this root fills). Islands
// show as their first render.
import { createRoot } from "react-dom/client";
import { caseStudyPath } from "../components/case-studies.ts";
import { SiteContext, type SiteData } from "../components/SiteContext.tsx";
import type { ImageFile } from "../content/collections.ts";
import site from "../content/site.yaml";
import CaseStudyPage from "../pages/case-studies/[slug].tsx";
import type { Theme } from "../shared/theme.tsx";
import { THEME_STORAGE_KEY } from "../shared/theme-key.ts";
import { caseStudyOfEntry, type EntryFields } from "./cms-entry.ts";
import type { PreviewPage, PreviewWindow, Template } from "./cms-preview.ts";

/** The theme the site shows this visitor, chosen as its head script does (components/theme-script.ts):
 * the choice they stored with the toggle, else their system's. */
function siteTheme(): Theme {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private modes): the system's choice then.
  }
  if (stored === "light" || stored === "dark") return stored;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Each image's size, by its address, once the browser has read it ("loading" until then). */
const sizes = new Map<string, Omit<ImageFile, "src"> | "loading">();

/** The size of the image at `url`, or undefined until it has loaded (then `loaded` is called). */
function sizeAt(url: string, loaded: () => void): Omit<ImageFile, "src"> | undefined {
  const known = sizes.get(url);
  if (known === undefined) {
    sizes.set(url, "loading");
    const image = new Image();
    image.onload = () => {
      sizes.set(url, { width: image.naturalWidth, height: image.naturalHeight });
      loaded();
    };
    image.src = url;
  }
  return typeof known === "object" ? known : undefined;
}

/** Renders the entry as its page into the template's box. */
function draw(template: Template): void {
  const { entry, getAsset, document: frame } = template.props;
  if (!template.box) return;
  const root = frame.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(siteTheme(), "js");
  const fields = (entry.get("data") as { toJS(): EntryFields }).toJS();
  const slug = entry.get("slug");
  // An image the entry names is the CMS's to find (a photograph just chosen is not on the site yet).
  const images: SiteData["images"] = {};
  const study = caseStudyOfEntry(fields, typeof slug === "string" ? slug : undefined, site, (src) => {
    const url = getAsset(src)?.toString();
    const size = url ? sizeAt(url, () => template.forceUpdate()) : undefined;
    if (url && size) images[src] = { ...size, sources: [], fallback: url };
    return size;
  });
  const data: SiteData = {
    siteUrl: site.siteUrl,
    buildDate: new Date(),
    path: caseStudyPath(study),
    images,
    logos: {},
    endpoints: { contact: null, download: null },
    consentDefault: "denied",
  };
  template.root ??= createRoot(template.box);
  template.root.render(
    <SiteContext.Provider value={data}>
      <main id="main">
        <CaseStudyPage study={study} previous={null} next={null} />
      </main>
    </SiteContext.Provider>,
  );
}

const page: PreviewPage = {
  draw,
  unmount(template) {
    template.root?.unmount();
    template.root = undefined;
  },
};
(window as PreviewWindow).cmsPreviewPage = page;
