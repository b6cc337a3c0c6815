// A page's whole <head>, resolved in one place: the title rule, the defaults, the robots rule, the
// social image and the structured data. Document only prints what resolveHead returns.
import site from "../content/site.yaml";
import { absoluteIds, type PageSchema, pageGraph } from "./structured-data.ts";
import { absoluteUrl } from "./urls.ts";

const { company, seoDefaults } = site;

/** What a page says about itself; everything left out falls back to the site's defaults. */
export interface PageMeta {
  title: string;
  /** One or two sentences for search results and social cards; defaults to the site's description. */
  description?: string;
  keywords?: readonly string[];
  /** Social card image as a site path; defaults to the page's own card (engine/media/social-cards.ts). */
  image?: string;
  /** The section the page's card names; defaults to the header's label for the page's folder ("Work"). */
  section?: string;
  /** false: the page shares the site's card (the hero) instead of a card of its own, as a collection of
   * thousands of entries that no one shares one by one may choose. */
  socialCard?: false;
  /** What the page is and presents, for search engines (components/structured-data.ts); a WebPage otherwise. */
  schema?: PageSchema;
  /** The day an article (a case study) was first published, YYYY-MM-DD: a link to it is then shared as an
   * article (og:type article, article:published_time) rather than as a page of the website. */
  published?: string;
}

/** Everything the <head> prints, complete: no defaults left to apply. */
export interface ResolvedHead {
  title: string;
  description: string;
  keywords: string;
  robots: string;
  /** The page's own address; none for the not-found page, which answers at every address that has no page. */
  canonical: string | null;
  image: string;
  /** What the social image shows, for those who cannot see it. */
  imageAlt: string;
  /** Open Graph's og:type: an article when the page says when it was published, else a page of the website. */
  type: "website" | "article";
  /** The article's day of publication (article:published_time), or null for a page of the website. */
  published: string | null;
  jsonLd: string;
}

/** The company name is appended unless the title already holds it. */
export function pageTitle(title: string | undefined): string {
  const base = title?.trim() || seoDefaults.title;
  return base.includes(company.name) ? base : `${base} | ${company.name}`;
}

function seoKeywords(keywords: readonly string[] | undefined): string {
  return (keywords?.length ? keywords : seoDefaults.keywords).join(", ");
}

/** Every page is indexed except the not-found page, whose links are still followed. */
function robotsFor(route: string): string {
  return route === "/404" ? "noindex, follow" : "index, follow";
}

/** JSON that is safe inside <script>: no "</script>", "<!--" or line separators can survive. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The page's head with every default applied: `card` is the page's own social card (with what it shows),
 * `defaultImage` the site's social image (content/site.yaml), for a page without a card. */
export function resolveHead(
  meta: PageMeta,
  route: string,
  site: { siteUrl: string; defaultImage: string; card?: { path: string; alt: string } },
): ResolvedHead {
  const title = pageTitle(meta.title);
  const description = meta.description ?? seoDefaults.description;
  const image = absoluteUrl(site.siteUrl, meta.image ?? site.card?.path ?? site.defaultImage);
  const imageAlt = meta.image || !site.card ? seoDefaults.image.alt : site.card.alt;
  const graph = pageGraph({ route, name: meta.title, title, description, image, logoPath: "/favicon.svg", schema: meta.schema });
  return {
    title,
    description,
    keywords: seoKeywords(meta.keywords),
    robots: robotsFor(route),
    canonical: route === "/404" ? null : absoluteUrl(site.siteUrl, route),
    image,
    imageAlt,
    type: meta.published ? "article" : "website",
    published: meta.published ?? null,
    jsonLd: scriptSafeJson(absoluteIds(graph, site.siteUrl)),
  };
}
