// The CMS's preview of a case study and of each page's content file (services, home…), registered with
// Decap CMS as /admin/ starts: the template and the site's stylesheet, and nothing heavier. The page that
// renders an entry (browser/cms-preview-page.tsx, with React and the pages' components, ~100 KB gzip) is
// fetched when a preview first shows, so the CMS lists its collections without waiting for it or sharing
// the CPU with it. engine/outputs/admin.ts bundles both.
import type { Root } from "react-dom/client";

/** The collection whose entries are case studies, the name of each preview template (that collection's, and
 * each page's content file's: Decap names a file's template by its name), the site's stylesheet and the
 * page's bundle, as engine/outputs/admin.ts names them. */
declare const CMS_PREVIEW: { collection: string; templates: string[]; stylesheet: string; page: string };

/** What Decap CMS hands the site's code of an entry, a collection or a field (Immutable maps), read by key:
 * an entry's data, slug and path. */
export interface DecapEntry {
  get(key: string): unknown;
}

/** What Decap CMS gives a preview template: the entry, its assets, a collection's entries, the frame it renders in. */
export interface PreviewProps {
  entry: DecapEntry;
  getAsset(path: string): { toString(): string } | undefined;
  getCollection(collection: string): Promise<DecapEntry[]>;
  document: Document;
  window: Window;
}

/** A preview template as Decap's createClass makes it: its props, the box it renders, and the page's root. */
export interface Template {
  props: PreviewProps;
  box?: HTMLElement | null;
  root?: Root;
  /** Set once Decap has taken the template away: a page that arrives later draws nothing. */
  gone?: boolean;
  forceUpdate(): void;
}

/** What the page's bundle leaves on window once it has run. */
export interface PreviewPage {
  draw(template: Template): void;
  unmount(template: Template): void;
}
export type PreviewWindow = Window & { cmsPreviewPage?: PreviewPage };

/** What Decap CMS defines on window: its registry, and its React's createClass and createElement. */
interface Decap {
  CMS: { registerPreviewTemplate(name: string, template: unknown): void; registerPreviewStyle(url: string): void };
  createClass(spec: Record<string, unknown>): unknown;
  h(type: string, props: Record<string, unknown>): unknown;
}

let loading: Promise<PreviewPage> | undefined;

/** The page's bundle, fetched once (a script of the CMS's own origin, as its policy allows). */
function pageBundle(): Promise<PreviewPage> {
  loading ??= new Promise((loaded, failed) => {
    const script = document.createElement("script");
    script.src = CMS_PREVIEW.page;
    script.onload = () => {
      const page = (window as PreviewWindow).cmsPreviewPage;
      if (page) loaded(page);
      else failed(new Error(`${CMS_PREVIEW.page} defined no preview`));
    };
    script.onerror = () => {
      loading = undefined;
      failed(new Error(`${CMS_PREVIEW.page} could not be loaded`));
    };
    document.head.append(script);
  });
  return loading;
}

/** Draws the entry as it is now, once the page's bundle is here. */
function show(template: Template): void {
  const page = (window as PreviewWindow).cmsPreviewPage;
  if (page) page.draw(template);
  else
    pageBundle().then(
      (arrived) => template.gone || arrived.draw(template),
      (error: Error) => console.error(error.message),
    );
}

const decap = window as unknown as Window & Decap;
/** The preview template: a box the page's own root renders into, drawn at each change of the entry. */
const template = decap.createClass({
  componentDidMount(this: Template) {
    show(this);
  },
  componentDidUpdate(this: Template) {
    show(this);
  },
  componentWillUnmount(this: Template) {
    this.gone = true;
    (window as PreviewWindow).cmsPreviewPage?.unmount(this);
  },
  render(this: Template) {
    return decap.h("div", {
      ref: (box: HTMLElement | null) => {
        this.box = box;
      },
    });
  },
});
decap.CMS.registerPreviewStyle(CMS_PREVIEW.stylesheet);
for (const name of CMS_PREVIEW.templates) decap.CMS.registerPreviewTemplate(name, template);
