// The CMS's preview of an entry is its page: a case study, or a page's content file (content/services.yaml
// is /services: engine/content/cms-pages.ts), rendered as typed at each change by the page's own component with the
// site's stylesheet, in the theme the site shows. browser/cms-preview.ts loads this bundle when a preview
// first shows, and hands it each change. It renders in the browser, so the published CMS previews with no
// server; with a React of its own, in a root of its own inside the preview's frame (Decap's React renders
// the frame and the box this root fills). Islands show as their first render, and the page takes no tap.
import { Component, type ReactElement, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { caseStudyPath } from "../components/case-studies.ts";
import { type ResponsiveImage, SiteContext, type SiteData } from "../components/SiteContext.tsx";
import type { About, Bio, CaseStudy, Contact, Home, ImageFile, Policy, Privacy, Services } from "../content/collections.ts";
import site from "../content/site.yaml";
import { isPagedFile, PAGE_OF_FILE, type PagedFile } from "../engine/content/cms-pages.ts";
import { utcToday } from "../engine/content/publishing.ts";
import { routeOf } from "../engine/pipeline/routes.ts";
import AboutPage from "../pages/about.tsx";
import BioPage from "../pages/bio.tsx";
import CaseStudyPage from "../pages/case-studies/[slug].tsx";
import ContactPage from "../pages/contact.tsx";
import HomePage from "../pages/index.tsx";
import PrivacyPage from "../pages/privacy.tsx";
import ServicesPage from "../pages/services.tsx";
import TermsPage from "../pages/terms.tsx";
import type { Theme } from "../shared/theme.tsx";
import { THEME_STORAGE_KEY } from "../shared/theme-key.ts";
import { caseStudyOfEntry, type EntryFields, pageContentOfEntry, studiesOnSite } from "./cms-entry.ts";
import type { DecapEntry, PreviewPage, PreviewWindow, Template } from "./cms-preview.ts";

/** The collection whose entries are case studies, as engine/outputs/admin.ts names it. */
declare const CMS_PREVIEW: { collection: string };

/** Each page's content file and its page, given the entry's content as typed (unchecked: the page shows
 * what is there) and the studies on the site. */
const PAGES: Record<PagedFile, (content: never, studies: CaseStudy[]) => ReactElement> = {
  "content/home.yaml": (home: Home, studies) => <HomePage home={home} caseStudies={studies} />,
  "content/services.yaml": (services: Services) => <ServicesPage services={services} />,
  "content/about.yaml": (about: About) => <AboutPage about={about} />,
  "content/contact.yaml": (contact: Contact) => <ContactPage contact={contact} />,
  "content/bio.md": (bio: Bio) => <BioPage bio={bio} />,
  "content/privacy.md": (privacy: Privacy) => <PrivacyPage privacy={privacy} />,
  "content/terms.md": (terms: Policy) => <TermsPage terms={terms} />,
};

/** What shows instead of a page that what is typed so far cannot make (a list's new item not yet filled in). */
export const NOT_SHOWN_YET = "The page shows here once the fields it needs are filled in; the form says which.";

/** The page, or where rendering it fails, NOT_SHOWN_YET; tried again at the entry's next change. */
class WhileTyped extends Component<{ fields: EntryFields; children: ReactNode }, { failed: boolean; fields?: EntryFields }> {
  state = { failed: false, fields: this.props.fields };
  static getDerivedStateFromProps(props: { fields: EntryFields }, state: { fields?: EntryFields }) {
    return props.fields === state.fields ? null : { failed: false, fields: props.fields };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p className="container section">{NOT_SHOWN_YET}</p> : this.props.children;
  }
}

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

/** The firm's own art a page names (art/hero.svg): the build encodes it, the CMS cannot find it, so its
 * box stays empty, as its styles size it. */
const ART_NOT_SHOWN: ResponsiveImage = { width: 1, height: 1, sources: [], fallback: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E" };

/** The studies on the site, as the CMS has them, loaded once per preview (the home page's Latest card tells
 * of the featured one). */
const studiesOf = new WeakMap<Template, CaseStudy[] | "loading">();

function studiesFor(template: Template): CaseStudy[] | undefined {
  const known = studiesOf.get(template);
  if (known === undefined) {
    studiesOf.set(template, "loading");
    // Each entry a map of its data (plain, as Decap reads a collection), slug and path.
    const studyOf = (entry: DecapEntry) => caseStudyOfEntry(entry.get("data") as EntryFields, String(entry.get("slug") ?? ""), site, () => undefined);
    template.props.getCollection(CMS_PREVIEW.collection).then(
      (entries) => {
        studiesOf.set(template, studiesOnSite(entries.map(studyOf), utcToday()));
        template.gone || template.forceUpdate();
      },
      (error: Error) => {
        studiesOf.set(template, []);
        console.error(`The preview could not read the case studies: ${error.message}`);
      },
    );
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
  const file = String(entry.get("path") ?? "");
  // An image the entry names is the CMS's to find (a photograph just chosen is not on the site yet).
  const images: SiteData["images"] = {};
  let path: string;
  let page: ReactElement;
  if (isPagedFile(file)) {
    const studies = file === "content/home.yaml" ? studiesFor(template) : [];
    // The home page tells of the featured study: it is drawn once the studies are read.
    if (!studies) return;
    path = routeOf(PAGE_OF_FILE[file]);
    page = PAGES[file](pageContentOfEntry(fields, file.endsWith(".md"), site) as never, studies);
  } else {
    const slug = entry.get("slug");
    const study = caseStudyOfEntry(fields, typeof slug === "string" ? slug : undefined, site, (src) => {
      const url = getAsset(src)?.toString();
      const size = url ? sizeAt(url, () => template.forceUpdate()) : undefined;
      if (url && size) images[src] = { ...size, sources: [], fallback: url };
      return size;
    });
    path = caseStudyPath(study);
    page = <CaseStudyPage study={study} previous={null} next={null} />;
  }
  const data: SiteData = {
    siteUrl: site.siteUrl,
    buildDate: new Date(),
    path,
    images: new Proxy(images, { get: (known, src: string) => known[src] ?? ART_NOT_SHOWN }),
    // A client's logo as the site serves it (public/logos/), shown as an image.
    logos: new Proxy({}, { get: (_, name: string) => `<img src="/logos/${encodeURIComponent(name)}.svg" alt="">` }),
    endpoints: { contact: null, download: null },
    consentDefault: "denied",
  };
  template.root ??= createRoot(template.box);
  template.root.render(
    <SiteContext.Provider value={data}>
      {/* A picture of the page, to read, not to use: its islands run in the CMS's window, whose address a
          tap on one would change (a bio tab writes its own #background there). */}
      <main id="main" inert>
        <WhileTyped fields={fields}>{page}</WhileTyped>
      </main>
    </SiteContext.Provider>,
  );
}

const previewPage: PreviewPage = {
  draw,
  unmount(template) {
    template.root?.unmount();
    template.root = undefined;
  },
};
(window as PreviewWindow).cmsPreviewPage = previewPage;
