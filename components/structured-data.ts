// The structured data a page prints: one connected graph (schema.org, typed by schema-dts) that says
// what the site, the firm and the page are. Every page has the WebSite, the Organization and its founder; each page
// is a WebPage of its kind, a nested one has a BreadcrumbList, and a page names what it presents (the
// packages' Services with their Offers, the founder's Person, a case study's Article). Nodes point at
// each other by @id; an id or address written here as a site path ("/bio#founder") is made absolute
// with the site's address when the head is resolved, so pages and content never know where they are served.
// Every page imports this module, so it reads only what every page shows (content/site.yaml): a page hands
// it what the page itself presents (its packages, its publications), or each page would be dated and
// rendered again by another page's content (engine/outputs/sitemap.ts, engine/state/render-cache.ts).
import type { Article, BreadcrumbList, Graph, Organization, Person, Report, Service, Thing, WebPage, WebSite } from "schema-dts";
import type { CaseStudy, Publication, ServicePackage } from "../content/collections.ts";
import site from "../content/site.yaml";
import { slugOf } from "../shared/slug.ts";

const { company, navigation, social } = site;

/** The kinds of page schema.org names that this site has; any other page is a WebPage. */
export type PageType = "WebPage" | "AboutPage" | "ContactPage" | "ProfilePage" | "CollectionPage";

/** What a page says about itself to search engines, in its meta. */
export interface PageSchema {
  /** WebPage unless given. */
  type?: PageType;
  /** The things the page presents, as full nodes (their ids and addresses as site paths); those with an
   * @id are the page's main entities, the others (a Person's publications) stand beside them. */
  presents?: Thing[];
}

export const ORGANIZATION_ID = "/#organization";
export const WEBSITE_ID = "/#website";
export const FOUNDER_ID = "/bio#founder";

const ref = (id: string) => ({ "@id": id });

/** A package on /services: a Service the firm provides, offered at its price for its duration. */
export function serviceNode(pkg: ServicePackage): Service {
  const price = pkg.price;
  return {
    "@type": "Service",
    "@id": `/services#${slugOf(pkg.name)}`,
    name: pkg.name,
    description: pkg.description,
    provider: ref(ORGANIZATION_ID),
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: "USD",
      // The price is for the whole engagement: it holds for an order of the package's length.
      priceSpecification: {
        "@type": "PriceSpecification",
        price,
        priceCurrency: "USD",
        eligibleQuantity: { "@type": "QuantitativeValue", value: pkg.weeks, unitCode: "WEE", unitText: "weeks" },
      },
      seller: ref(ORGANIZATION_ID),
    },
  };
}

/** The founder, as /bio presents them: their roles, profiles and publications. */
export function founderNode(): Person {
  return {
    "@type": "Person",
    "@id": FOUNDER_ID,
    name: company.founder,
    jobTitle: company.founderRole,
    worksFor: ref(ORGANIZATION_ID),
    url: "/bio",
    sameAs: [social.linkedin],
  };
}

/** One of the founder's publications on /bio: an article where it appeared, a whitepaper as the report its organisation published. */
export function publicationNode(publication: Publication): Article | Report {
  return {
    "@type": publication.kind === "Whitepaper" ? "Report" : "Article",
    headline: publication.title,
    url: publication.url,
    datePublished: publication.published,
    author: ref(FOUNDER_ID),
    publisher: { "@type": "Organization", name: publication.outlet },
  };
}

/** A case study's page: an Article the firm published about an engagement. */
export function caseStudyArticle(study: CaseStudy, path: string, description: string): Article {
  return {
    "@type": "Article",
    "@id": `${path}#article`,
    headline: study.title,
    alternativeHeadline: study.subtitle,
    description,
    // Shown by its page's image (the social card), and dated the day its page went live.
    image: ref(primaryImageId(path)),
    datePublished: study.published,
    articleSection: "Case studies",
    mainEntityOfPage: ref(path),
    author: ref(ORGANIZATION_ID),
    publisher: ref(ORGANIZATION_ID),
  };
}

function organizationNode(logoPath: string): Organization {
  return {
    "@type": "Organization",
    "@id": ORGANIZATION_ID,
    name: company.name,
    legalName: company.legalName,
    url: "/",
    logo: logoPath,
    email: company.email,
    foundingDate: String(company.foundingYear),
    founder: ref(FOUNDER_ID),
    address: { "@type": "PostalAddress", addressLocality: "Washington", addressRegion: "DC", addressCountry: "US" },
    sameAs: [social.linkedin, social.twitter],
  };
}

function websiteNode(): WebSite {
  return { "@type": "WebSite", "@id": WEBSITE_ID, url: "/", name: company.name, publisher: ref(ORGANIZATION_ID), inLanguage: "en-US" };
}

/** A folder of routes as the header names it ("Work" for /case-studies), else by its own name ("/field-notes": "Field notes"). */
export function sectionLabel(path: string): string {
  const label = navigation.find((link) => link.href === path)?.label;
  if (label) return label;
  const name = (path.split("/").pop() ?? "").replaceAll("-", " ");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Home, then each folder of a nested route as the header names it, then the page: none for a page at the top. */
export function breadcrumbFor(route: string, name: string): BreadcrumbList | null {
  const parts = route.split("/").filter(Boolean);
  if (parts.length < 2) return null;
  const trail = parts.slice(0, -1).map((_, i) => {
    const path = `/${parts.slice(0, i + 1).join("/")}`;
    return { path, name: sectionLabel(path) };
  });
  const items = [{ path: "/", name: "Home" }, ...trail, { path: route, name }];
  return {
    "@type": "BreadcrumbList",
    "@id": `${route}#breadcrumb`,
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.path })),
  };
}

/** The id of a page's image (its social card), which what the page presents may show too. */
function primaryImageId(route: string): string {
  return `${route}#primaryimage`;
}

/** What the graph of a page is made from, besides its meta's schema. */
export interface PageGraphInput {
  route: string;
  /** The page's name without the company's: its heading as the breadcrumb shows it. */
  name: string;
  title: string;
  description: string;
  /** The page's social image, a site path or an address. */
  image: string;
  logoPath: string;
  schema?: PageSchema;
}

/** The page's whole graph, its ids and addresses still site paths (see absoluteIds). */
export function pageGraph({ route, name, title, description, image, logoPath, schema }: PageGraphInput): Graph {
  const breadcrumb = breadcrumbFor(route, name);
  const presents = schema?.presents ?? [];
  const mainEntities = presents.flatMap((thing) => {
    const id = (thing as { "@id"?: unknown })["@id"];
    return typeof id === "string" ? [id] : [];
  });
  const page: WebPage = {
    "@type": schema?.type ?? "WebPage",
    "@id": route,
    url: route,
    name: title,
    description,
    inLanguage: "en-US",
    isPartOf: ref(WEBSITE_ID),
    about: ref(ORGANIZATION_ID),
    primaryImageOfPage: { "@type": "ImageObject", "@id": primaryImageId(route), url: image },
    ...(breadcrumb ? { breadcrumb: ref(breadcrumb["@id"] as string) } : {}),
    ...(mainEntities.length ? { mainEntity: mainEntities.map(ref) } : {}),
  } as WebPage;
  // The firm's founder stands beside the firm on every page (its founder names them); /bio presents them.
  const founder = mainEntities.includes(FOUNDER_ID) ? [] : [founderNode()];
  return {
    "@context": "https://schema.org",
    "@graph": [websiteNode(), organizationNode(logoPath), ...founder, page, ...(breadcrumb ? [breadcrumb] : []), ...presents],
  };
}

const SITE_PATH_KEYS = new Set(["@id", "url", "item", "logo", "mainEntityOfPage"]);

/** The graph with every id and address written as a site path made absolute on `siteUrl`. */
export function absoluteIds<T>(value: T, siteUrl: string): T {
  if (Array.isArray(value)) return value.map((item) => absoluteIds(item, siteUrl)) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SITE_PATH_KEYS.has(key) && typeof item === "string" && item.startsWith("/") ? `${siteUrl}${item}` : absoluteIds(item, siteUrl),
    ]),
  ) as T;
}
