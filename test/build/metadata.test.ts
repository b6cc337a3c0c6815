// Every page's <head>: title rule, description, keywords, social cards, canonical, robots, JSON-LD.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { JSDOM } from "jsdom";
import { pageTitle, scriptSafeJson } from "../../components/head.ts";
import { sectionLabel } from "../../components/structured-data.ts";
import caseStudies from "../../content/case-studies";
import site from "../../content/site.yaml";
import { Encoder } from "../../engine/media/encoder.ts";
import { buildImages } from "../../engine/media/images.ts";
import { buildSocialCards } from "../../engine/media/social-cards.ts";
import { renderDocument } from "../../engine/pipeline/render.ts";
import { meta as caseStudyMeta } from "../../pages/case-studies/[slug].tsx";
import { compareWithBaseline, updatingScreenshots } from "../helpers/screenshots.ts";
import { builtRoutes, configuredSite, ensureTestSites, fixtureSite, parsePage, shownCaseStudies, TEST_SITE_URL, text } from "../helpers/site.ts";

const ROUTES = await builtRoutes();
const STUDY_ROUTES = (await shownCaseStudies()).map((study) => `/case-studies/${study.slug}`);

const { company, seoDefaults } = site;
/** What the pipeline hands the cards from the page bundle. */
const labels = { brand: company.name, sectionLabel };

/** The social card's baseline: one card, compared pixel by pixel (npm run screenshots writes it anew). */
const CARD_BASELINES = "test/build/__cards__";

before(ensureTestSites);

const metaContent = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute("content") ?? "";

describe("the title rule", () => {
  test("appends the company name when the title lacks it", () => {
    assert.equal(pageTitle("About Us"), `About Us | ${company.name}`);
  });
  test("leaves a title that already holds the company name alone", () => {
    assert.equal(pageTitle(`${company.name} | Home`), `${company.name} | Home`);
  });
  test("falls back to the default title", () => {
    assert.equal(pageTitle(undefined), seoDefaults.title);
    assert.ok(seoDefaults.title.includes(company.name));
  });
  test("both branches show up in the built pages", () => {
    assert.equal(parsePage("/").title, `${company.name} | Strategic Technology Advisory & AI Product Development`);
    assert.equal(parsePage("/services").title, `Services & Pricing | ${company.name}`);
    assert.equal(parsePage("/case-studies").title, `Client Success Stories | ${company.name}`);
  });
});

for (const route of [...ROUTES, "/404"]) {
  describe(`head of ${route}`, () => {
    test("has a title, description, keywords and robots", () => {
      const doc = parsePage(route);
      assert.ok(doc.title.includes(company.name), doc.title);
      // How long each is, is the content's to say (the schema and the build's advice keep it sensible).
      assert.ok(metaContent(doc, 'meta[name="description"]').length > 0);
      assert.ok(metaContent(doc, 'meta[name="keywords"]').split(", ").length >= 1);
      assert.equal(metaContent(doc, 'meta[name="robots"]'), route === "/404" ? "noindex, follow" : "index, follow");
      assert.equal(doc.documentElement.lang, "en");
      assert.equal(doc.querySelectorAll("h1").length, 1, "exactly one h1");
    });

    test("has an absolute canonical link and matching Open Graph and Twitter tags", () => {
      const doc = parsePage(route);
      // The not-found page answers at every address without a page: it names none as its own.
      const url = route === "/404" ? null : route === "/" ? `${TEST_SITE_URL}/` : `${TEST_SITE_URL}${route}`;
      assert.equal(doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null, url);
      assert.equal(doc.querySelector('meta[property="og:url"]')?.getAttribute("content") ?? null, url);
      assert.equal(metaContent(doc, 'meta[property="og:title"]'), doc.title);
      assert.equal(metaContent(doc, 'meta[property="og:description"]'), metaContent(doc, 'meta[name="description"]'));
      // A case study is an article (test/build/structured-data.test.ts reads its Article); every other page is the website's.
      assert.equal(metaContent(doc, 'meta[property="og:type"]'), STUDY_ROUTES.includes(route) ? "article" : "website");
      assert.equal(metaContent(doc, 'meta[property="og:site_name"]'), company.name);
      const image = metaContent(doc, 'meta[property="og:image"]');
      const name = route === "/" ? "home" : route === "/404" ? "404" : route.slice(1).replaceAll("/", "-");
      assert.match(image, new RegExp(`^https://cedarline\\.test/images/card-${name}\\.[0-9a-f]{12}\\.png$`));
      assert.ok(existsSync(`${configuredSite}${new URL(image).pathname}`), "the social card image is in the build");
      assert.deepEqual([metaContent(doc, 'meta[property="og:image:width"]'), metaContent(doc, 'meta[property="og:image:height"]')], ["1200", "630"]);
      const heading =
        route === "/" ? "Strategic Technology Advisory & AI Product Development" : text(doc.querySelector("title")).replace(` | ${company.name}`, "");
      assert.match(
        metaContent(doc, 'meta[property="og:image:alt"]'),
        new RegExp(`^[A-Z][\\w ]+: ${heading.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")}\\. ${company.name}$`),
      );
      assert.equal(metaContent(doc, 'meta[name="twitter:card"]'), "summary_large_image");
      assert.equal(metaContent(doc, 'meta[name="twitter:image"]'), metaContent(doc, 'meta[property="og:image"]'));
      assert.equal(metaContent(doc, 'meta[name="twitter:image:alt"]'), metaContent(doc, 'meta[property="og:image:alt"]'));
    });

    test("has one JSON-LD graph that parses, naming the firm and its founder (test/build/structured-data.test.ts reads the rest)", () => {
      const doc = parsePage(route);
      const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
      assert.equal(scripts.length, 1);
      const graph: { "@type": string; [property: string]: unknown }[] = JSON.parse(scripts[0].textContent ?? "")["@graph"];
      const organization = graph.find((node) => node["@type"] === "Organization");
      assert.equal(organization?.name, company.name);
      assert.equal(organization?.url, `${TEST_SITE_URL}/`);
      const founderId = (organization?.founder as { "@id": string } | undefined)?.["@id"];
      assert.equal(graph.find((node) => node["@id"] === founderId)?.name, company.founder);
    });
  });
}

describe("a case study's head", () => {
  for (const route of STUDY_ROUTES) {
    test(`${route}: its description is whole sentences, all of them shown in a search result`, () => {
      const description = metaContent(parsePage(route), 'meta[name="description"]');
      // A search result shows about 160 characters; a longer description is cut wherever the engine likes.
      assert.ok(description.length <= 160, `${description.length} characters: ${description}`);
      assert.match(description, /\w[.!?]$/, `ends a sentence: ${description}`);
    });

    test(`${route}: shared as an article, with the day it was published, on a card that names it as the page does`, () => {
      const doc = parsePage(route);
      assert.equal(metaContent(doc, 'meta[property="og:type"]'), "article");
      assert.match(metaContent(doc, 'meta[property="article:published_time"]'), /^20\d\d-\d\d-\d\d$/);
      // The card shows its section and title, as its alternative text says: the page's own eyebrow, not the header's "Work".
      const eyebrow = text(doc.querySelector(".page-header .eyebrow"));
      assert.match(eyebrow, /Case Study$/);
      assert.ok(metaContent(doc, 'meta[property="og:image:alt"]').startsWith(`${eyebrow}: ${text(doc.querySelector("h1"))}. `));
    });
  }

  test("a page of the website has no publication date", () => {
    for (const route of ROUTES.filter((route) => !STUDY_ROUTES.includes(route)))
      assert.equal(parsePage(route).querySelector('meta[property="article:published_time"]'), null, route);
  });

  test("a study's summary is its page's description (the schema keeps it one a search result shows whole: test/build/content-schema.test.ts)", () => {
    for (const study of caseStudies) assert.equal(caseStudyMeta({ study, previous: null, next: null }).description, study.summary);
  });
});

test("JSON-LD cannot close its script element, whatever the content", () => {
  const hostile = { name: "</script><script>alert(1)</script><!--", sep: "a\u2028b" };
  const json = scriptSafeJson(hostile);
  assert.doesNotMatch(json, /<|>|\u2028/);
  assert.deepEqual(JSON.parse(json), hostile);
});

test("each page's description is its own", () => {
  const descriptions = ROUTES.map((route) => metaContent(parsePage(route), 'meta[name="description"]'));
  assert.equal(new Set(descriptions).size, ROUTES.length);
});

test("a page that leaves out its description is printed with the site's default description", () => {
  const page = { file: "pages/plain.tsx", route: "/plain", meta: { title: "Plain" }, Component: () => null };
  const html = renderDocument(
    { page, bodyHtml: "", islands: [] },
    { siteUrl: TEST_SITE_URL, ogImage: "/images/hero.jpg", cards: {}, csp: "", stylesheet: "", bootstrap: "" },
  );
  const doc = new JSDOM(html).window.document;
  for (const selector of ['meta[name="description"]', 'meta[property="og:description"]', 'meta[name="twitter:description"]'])
    assert.equal(metaContent(doc, selector), seoDefaults.description, selector);
});

test("every page's social card is its own 1200×630 PNG under 100 KB, and the fixture site's services card looks as its baseline", async () => {
  const { default: sharp } = await import("sharp");
  const cards = new Map<string, Buffer>();
  for (const route of [...ROUTES, "/404"]) {
    const image = parsePage(route).querySelector('meta[property="og:image"]')?.getAttribute("content") ?? "";
    const bytes = readFileSync(`${configuredSite}${new URL(image).pathname}`);
    const { width, height, format } = await sharp(bytes).metadata();
    assert.deepEqual([width, height, format], [1200, 630, "png"], route);
    assert.ok(bytes.length < 100 * 1024, `${route}: ${bytes.length} bytes`);
    for (const [other, otherBytes] of cards) assert.ok(!bytes.equals(otherBytes), `${route} and ${other} share a card`);
    cards.set(route, bytes);
  }
  // The baseline is the fixture site's card (the tests' own words and art, test/fixtures/): the firm's changes with its content.
  const fixtureCard = new URL(parsePage("/services", fixtureSite).querySelector('meta[property="og:image"]')?.getAttribute("content") ?? "").pathname;
  const changed = await compareWithBaseline("card-services", readFileSync(`${fixtureSite}${fixtureCard}`), CARD_BASELINES);
  assert.equal(changed, null, changed ?? "");
});

// Under npm run screenshots (UPDATE_SCREENSHOTS=1) a comparison writes the baseline instead of reporting: nothing to check then.
const writingBaselines = updatingScreenshots && "npm run screenshots writes baselines rather than comparing";
test("a screenshot that matched its baseline is known by its bytes; any other is compared, and one that differs is reported", {
  skip: writingBaselines,
}, async () => {
  const { default: sharp } = await import("sharp");
  const dir = mkdtempSync(join(tmpdir(), "baselines-"));
  // A picture of 64×64 grey squares on white, with one square of another grey, and each one's PNG bytes.
  const picture = (grey: number, changedSquare = -1) => {
    const pixels = Buffer.alloc(512 * 256 * 3, 255);
    for (let square = 0; square < 32; square++) {
      const [left, top] = [(square % 8) * 64, Math.floor(square / 8) * 64];
      for (let y = top + 8; y < top + 56; y++) pixels.fill(square === changedSquare ? 40 : grey, (y * 512 + left + 8) * 3, (y * 512 + left + 56) * 3);
    }
    return sharp(pixels, { raw: { width: 512, height: 256, channels: 3 } })
      .png()
      .toBuffer();
  };
  try {
    const name = "comparison-check";
    writeFileSync(join(dir, `${name}.png`), await picture(200));
    // The same pixels (encoded again, as a new screenshot would be) match, and again once recorded.
    assert.equal(await compareWithBaseline(name, await picture(200), dir), null);
    assert.equal(await compareWithBaseline(name, await picture(200), dir), null);
    // A square changed: its 48×48 pixels are reported, although the baseline's match is recorded.
    assert.match((await compareWithBaseline(name, await picture(200, 5), dir)) ?? "", /2304 pixels differ \(20 allowed\)/);
    // And the record holds only matches: the changed picture is reported every time.
    assert.match((await compareWithBaseline(name, await picture(200, 5), dir)) ?? "", /2304 pixels differ/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    for (const image of ["expected", "actual", "diff"]) rmSync(`test-results/screenshots/comparison-check-${image}.png`, { force: true });
  }
});

test("a card is made again only when what it shows changes", async () => {
  const out = mkdtempSync(join(tmpdir(), "cards-"));
  mkdirSync(join(out, "images"));
  const encoder = new Encoder();
  // A card's address carries the start of its cache key: the cache file that holds it, and when it was written.
  const cacheFileOf = (path: string) => {
    const key = /\.([0-9a-f]{12})\.png$/.exec(path)?.[1];
    const file = readdirSync(".cache/blobs/images").find((name) => key && name.startsWith(key) && name.endsWith(".png"));
    assert.ok(file, `the cache holds the card at ${path}`);
    return join(".cache/blobs/images", file);
  };
  try {
    const page = { route: "/services", meta: { title: `Card test ${process.pid} ${Date.now()}` } };
    const first = await buildSocialCards([page], labels, TEST_SITE_URL, out, encoder);
    await first.written;
    assert.ok(existsSync(join(out, first.byRoute["/services"].path)), "written where its address says");
    const madeAt = statSync(cacheFileOf(first.byRoute["/services"].path)).mtimeMs;
    const again = await buildSocialCards([page], labels, TEST_SITE_URL, out, encoder);
    await again.written;
    assert.deepEqual(again.byRoute, first.byRoute, "the same card, at the same address");
    assert.equal(statSync(cacheFileOf(again.byRoute["/services"].path)).mtimeMs, madeAt, "the same title: the card is not made again");
    const moved = await buildSocialCards([{ ...page, meta: { ...page.meta, section: "Elsewhere" } }], labels, TEST_SITE_URL, out, encoder);
    await moved.written;
    assert.notEqual(moved.byRoute["/services"].path, first.byRoute["/services"].path, "another section: a card of its own");
    assert.ok(cacheFileOf(moved.byRoute["/services"].path), "made and kept");
    assert.ok(
      !readFileSync(join(out, moved.byRoute["/services"].path)).equals(readFileSync(join(out, first.byRoute["/services"].path))),
      "and it looks different",
    );
    assert.match(moved.byRoute["/services"].alt, /^Elsewhere: Card test /);
  } finally {
    encoder.close();
    rmSync(out, { recursive: true, force: true });
  }
});

test("the art's images are named by what they are made of before sharp encodes them, so the pages need not wait", async () => {
  const project = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), "images-"));
  const out = join(dir, "out");
  // A fresh folder (no cache of encoded images) with art nobody has encoded yet.
  mkdirSync(join(dir, "art"));
  for (const name of ["hero", "headshot"]) {
    writeFileSync(
      join(dir, "art", `${name}.svg`),
      readFileSync(join(project, "art", `${name}.svg`), "utf8").replace("</svg>", `<!-- ${process.pid} ${Date.now()} --></svg>`),
    );
  }
  symlinkSync(join(project, "node_modules"), join(dir, "node_modules"), "dir");
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  let encoded = 0;
  // The pipeline's encoder, holding every image until released.
  class HeldEncoder extends Encoder {
    override encode(encoding: Parameters<Encoder["encode"]>[0]) {
      return held.then(() => super.encode(encoding)).finally(() => encoded++);
    }
  }
  const encoder = new HeldEncoder();
  const { default: sharp } = await import("sharp");
  process.chdir(dir);
  try {
    const art = ["art/hero.svg", "art/headshot.svg"];
    const { images, socialImage, files, written } = await buildImages(out, encoder, art, "art/hero.svg");
    assert.equal(encoded, 0, "named with nothing encoded yet");
    assert.match(images["art/hero.svg"].fallback, /^\/images\/hero-1600\.[0-9a-f]{8}\.jpg$/);
    assert.match(socialImage, /^\/images\/hero-social-1200\.[0-9a-f]{8}\.jpg$/);
    // WebP at each width and a JPEG at the widest (hero 1600 px: 7 widths; headshot 800 px: 4), and the social image.
    assert.equal(files.length, 8 + 5 + 1, files.join(", "));
    const early = await Promise.race([written.then(() => "written"), new Promise((done) => setImmediate(done, "waiting"))]);
    assert.equal(early, "waiting", "the files are written only once encoded");
    release();
    await written;
    assert.equal(encoded, 14);
    for (const file of files) {
      const { width } = await sharp(readFileSync(join(out, file))).metadata();
      assert.equal(width, Number(/-(\d+)\./.exec(file)?.[1]), file);
    }
    // Other art: other names.
    writeFileSync(join(dir, "art", "headshot.svg"), readFileSync(join(dir, "art", "headshot.svg"), "utf8").replace("</svg>", "<!-- edited --></svg>"));
    const again = await buildImages(out, encoder, art, "art/hero.svg");
    await again.written;
    assert.notEqual(again.images["art/headshot.svg"].fallback, images["art/headshot.svg"].fallback);
    assert.equal(again.images["art/hero.svg"].fallback, images["art/hero.svg"].fallback, "the hero is what it was");
  } finally {
    process.chdir(project);
    encoder.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
