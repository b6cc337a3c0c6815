// Every page's structured data: one connected graph, clean by a real validator (no error, no warning),
// and saying what the page shows: each Offer's price is the price on the page, each breadcrumb the route.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { caseStudyPath } from "../../components/case-studies.ts";
import { priceLabel, weeksLabel } from "../../components/prices.ts";
import { breadcrumbFor, caseStudyArticle } from "../../components/structured-data.ts";
import bio from "../../content/bio.md";
import caseStudies from "../../content/case-studies";
import site from "../../content/site.yaml";
import { builtRoutes, ensureTestSites, parsePage, readPage, TEST_SITE_URL, text } from "../helpers/site.ts";
import { structuredDataIssues } from "../helpers/structured-data.ts";

const ROUTES = await builtRoutes();

const { company } = site;

before(ensureTestSites);

interface GraphNode {
  "@type": string;
  "@id"?: string;
  [property: string]: unknown;
}

const graphOf = (route: string): GraphNode[] => {
  const scripts = parsePage(route).querySelectorAll('script[type="application/ld+json"]');
  assert.equal(scripts.length, 1, `${route}: one JSON-LD script`);
  const data = JSON.parse(scripts[0].textContent ?? "");
  assert.equal(data["@context"], "https://schema.org");
  return data["@graph"];
};
const nodesOf = (graph: GraphNode[], type: string) => graph.filter((node) => node["@type"] === type);
const idOf = (value: unknown) => (value as { "@id": string })["@id"];
const url = (path: string) => `${TEST_SITE_URL}${path}`;
/** The ids of what the page node of `route` names as its main entities. */
const mainEntityIds = (graph: GraphNode[], route: string) => {
  const page = graph.find((node) => node["@id"] === url(route));
  assert.ok(page, `${route}: a node for the page`);
  return ((page.mainEntity ?? []) as unknown[]).map(idOf);
};

/** The ids of the nodes a graph defines, at its top or nested in another (a reference holds nothing but its id). */
const definedIds = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(definedIds);
  if (!value || typeof value !== "object") return [];
  const id = (value as { "@id"?: string })["@id"];
  const own = id && Object.keys(value).length > 1 ? [id] : [];
  return [...own, ...Object.values(value).flatMap(definedIds)];
};

const PAGE_TYPES: Record<string, string> = { "/about": "AboutPage", "/contact": "ContactPage", "/bio": "ProfilePage", "/case-studies": "CollectionPage" };

test("the validator finds no error and no warning on any page", async () => {
  const found: string[] = [];
  for (const route of [...ROUTES, "/404"]) {
    for (const issue of await structuredDataIssues(readPage(route))) found.push(`${route}: ${issue.severity} ${issue.rootType ?? ""}: ${issue.issueMessage}`);
  }
  assert.deepEqual(found, []);
});

test("the validator is not blind: an unknown property, a missing name and a price that is no number are each reported", async () => {
  const graph = {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "Organization", nmae: company.name },
      {
        "@type": "Service",
        name: "S",
        offers: { "@type": "Offer", priceSpecification: { "@type": "PriceSpecification", price: "a lot", priceCurrency: "USD" } },
      },
    ],
  };
  const issues = await structuredDataIssues(`<html><head><script type="application/ld+json">${JSON.stringify(graph)}</script></head></html>`);
  const messages = issues.map((issue) => `${issue.severity} ${issue.issueMessage}`).join("\n");
  assert.match(messages, /WARNING .*"nmae"/);
  assert.match(messages, /ERROR .*"name"/);
  assert.match(messages, /ERROR .*"price"/);
});

test("every page: the WebSite and the Organization, and the page itself as the kind of page it is, all connected by id", () => {
  for (const route of [...ROUTES, "/404"]) {
    const graph = graphOf(route);
    const [site] = nodesOf(graph, "WebSite");
    const [organization] = nodesOf(graph, "Organization");
    assert.equal(site?.["@id"], url("/#website"), route);
    assert.equal(idOf(site.publisher), organization["@id"], route);
    assert.equal(organization.name, company.name);
    assert.equal(organization.url, url("/"));
    const page = graph.find((node) => node["@id"] === url(route));
    assert.ok(page, `${route}: a node for the page`);
    assert.equal(page["@type"], PAGE_TYPES[route] ?? "WebPage", route);
    assert.equal(idOf(page.isPartOf), site["@id"], route);
    assert.equal(page.name, parsePage(route).title, route);
    // Every reference names a node of the graph (at its top, or within another: the page's image) or an address of the site.
    const known = new Set(definedIds(graph));
    const references = JSON.stringify(graph).match(/\{"@id":"[^"]+"\}/g) ?? [];
    for (const reference of references) assert.ok(known.has(JSON.parse(reference)["@id"]), `${route}: ${reference} names no node`);
  }
});

test("/services: a Service per package, its Offer at the price and for the length the page shows, in USD", () => {
  const graph = graphOf("/services");
  const services = nodesOf(graph, "Service");
  const cards = [...parsePage("/services").querySelectorAll(".package")];
  assert.equal(services.length, cards.length);
  assert.equal(cards.length, 3);
  for (const card of cards) {
    const name = text(card.querySelector(".package__name"));
    const service = services.find((node) => node.name === name);
    assert.ok(service, `a Service named ${name}`);
    const offer = service.offers as {
      price: number;
      priceCurrency: string;
      priceSpecification: { price: number; eligibleQuantity: { value: number; unitText: string } };
    };
    const shownPrice = text(card.querySelector(".package__amount"));
    const [amount, unit] = /^\$(\d+)k$/.exec(shownPrice)?.slice(1) ?? [];
    assert.ok(amount && unit === undefined, `${name}: "${shownPrice}" is a price in thousands`);
    assert.equal(offer.price, Number(amount) * 1000, `${name}: the Offer's price is the page's ${shownPrice}`);
    assert.equal(offer.priceSpecification.price, offer.price);
    assert.equal(offer.priceCurrency, "USD");
    const shownLength = text(card.querySelector(".package__duration"));
    assert.equal(`${offer.priceSpecification.eligibleQuantity.value} ${offer.priceSpecification.eligibleQuantity.unitText}`, shownLength);
    assert.equal(idOf(service.provider), url("/#organization"));
  }
  assert.deepEqual(
    mainEntityIds(graph, "/services"),
    services.map((service) => service["@id"]),
  );
});

test("a nested page has a BreadcrumbList that follows its route and its visible breadcrumb; a page at the top has none", () => {
  for (const route of ROUTES) {
    const crumbs = nodesOf(graphOf(route), "BreadcrumbList");
    if (!route.startsWith("/case-studies/")) {
      assert.equal(crumbs.length, 0, route);
      continue;
    }
    assert.equal(crumbs.length, 1, route);
    const items = crumbs[0].itemListElement as { position: number; name: string; item: string }[];
    const doc = parsePage(route);
    assert.deepEqual(
      items.map(({ position, name, item }) => [position, name, item]),
      [
        [1, "Home", url("/")],
        [2, "Work", url("/case-studies")],
        [3, text(doc.querySelector("h1")), url(route)],
      ],
      route,
    );
    // One trail: the visible breadcrumb names the same places, in the same order, the page last.
    const visible = [...doc.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map((li) => [
      text(li),
      url(li.querySelector("a")?.getAttribute("href") ?? (li.getAttribute("aria-current") === "page" ? route : "?")),
    ]);
    assert.deepEqual(
      visible,
      items.map(({ name, item }) => [name, item]),
      route,
    );
    const page = graphOf(route).find((node) => node["@id"] === url(route));
    assert.equal(idOf(page?.breadcrumb), crumbs[0]["@id"]);
  }
});

test("a collection in a folder the header does not link to is named by its folder in the breadcrumb", () => {
  const items = breadcrumbFor("/field-notes/first", "First")?.itemListElement as unknown as { name: string; item: string }[];
  assert.deepEqual(
    items.map(({ name, item }) => [name, item]),
    [
      ["Home", "/"],
      ["Field notes", "/field-notes"],
      ["First", "/field-notes/first"],
    ],
  );
});

test("a case study's page: an Article with its heading, published by the firm, the page's main entity", () => {
  for (const study of caseStudies) {
    const route = caseStudyPath(study);
    const graph = graphOf(route);
    const [article] = nodesOf(graph, "Article");
    const doc = parsePage(route);
    assert.equal(article.headline, text(doc.querySelector("h1")), route);
    assert.equal(article.description, doc.querySelector('meta[name="description"]')?.getAttribute("content"), route);
    assert.equal(idOf(article.publisher), url("/#organization"));
    assert.equal(idOf(article.mainEntityOfPage), url(route));
    assert.deepEqual(mainEntityIds(graph, route), [article["@id"]]);
    // Its image is the page's own: its social card, at its absolute address.
    const page = graph.find((node) => node["@id"] === url(route)) as GraphNode & { primaryImageOfPage: { "@id": string; url: string } };
    assert.equal(idOf(article.image), page.primaryImageOfPage["@id"], route);
    assert.equal(page.primaryImageOfPage.url, doc.querySelector('meta[property="og:image"]')?.getAttribute("content"), route);
    assert.match(page.primaryImageOfPage.url, /^https:\/\/cedarline\.test\/images\/card-case-studies-[a-z-]+\.[0-9a-f]{12}\.png$/);
    // Dated the day its page went live, as its link is shared.
    assert.equal(article.datePublished, study.published, route);
    assert.equal(article.datePublished, doc.querySelector('meta[property="article:published_time"]')?.getAttribute("content"), route);
  }
  assert.equal(caseStudyArticle(caseStudies[0], "/x", "d").headline, caseStudies[0].title);
});

test("/bio: a ProfilePage about the founder, who wrote each of the publications it lists", () => {
  const graph = graphOf("/bio");
  const [person] = nodesOf(graph, "Person");
  assert.equal(person.name, company.founder);
  assert.equal(idOf(person.worksFor), url("/#organization"));
  assert.deepEqual(mainEntityIds(graph, "/bio"), [person["@id"]]);
  const works = graph.filter((node) => node.author && idOf(node.author) === person["@id"]);
  assert.deepEqual(
    works.map((work) => work.headline),
    bio.publications.map((publication) => publication.title),
  );
  assert.equal(parsePage("/bio").querySelectorAll("#publications li").length, works.length);
  assert.equal(idOf(nodesOf(graph, "Organization")[0].founder), person["@id"]);
});

test("prices and lengths, kept as numbers, read as the page shows them", () => {
  assert.equal(priceLabel(75_000), "$75k");
  assert.equal(priceLabel(1_200_000), "$1.2M");
  assert.equal(priceLabel(950), "$950");
  assert.equal(priceLabel(75_250), "$75,250");
  assert.equal(weeksLabel(12), "12 weeks");
  assert.equal(weeksLabel(1), "1 week");
});
