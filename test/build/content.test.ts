// Every page shows what its content file says, in the template's places: the expected words are read from
// the content files (content/), never copied here, so a price change or a new study fails no test. Only the
// templates' own words (a button's label, a page's heading fixed in pages/) are spelled out.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";
import fg from "fast-glob";
import { caseStudyPath, caseStudyPdfPath, resultsOf } from "../../components/case-studies.ts";
import { visitLabel } from "../../components/ExternalLink.tsx";
import { priceLabel, weeksLabel } from "../../components/prices.ts";
import about from "../../content/about.yaml";
import bio from "../../content/bio.md";
import contact from "../../content/contact.yaml";
import home from "../../content/home.yaml";
import privacy from "../../content/privacy.md";
import services from "../../content/services.yaml";
import site from "../../content/site.yaml";
import terms from "../../content/terms.md";
import { plainText } from "../../engine/content/markdown.ts";
import { builtRoutes, configuredSite, ensureTestSites, parsePage, shownCaseStudies, TEST_BUILD_DATE, TEST_SITE_URL, text } from "../helpers/site.ts";

const ROUTES = await builtRoutes();
/** The firm's studies as the test site shows them, in order; the featured one first. */
const STUDIES = await shownCaseStudies();
const STUDY_ROUTES = STUDIES.map(caseStudyPath);
const featured = STUDIES.find((study) => study.featured);
/** The studies as /case-studies lists them: the featured one first, then the others in order. */
const LISTED = [...STUDIES.filter((study) => study === featured), ...STUDIES.filter((study) => study !== featured)];

before(ensureTestSites);

const links = (doc: Document | Element, selector = "a") => [...doc.querySelectorAll<HTMLAnchorElement>(selector)];
const byText = (doc: Document | Element, label: string, selector = "a") => links(doc, selector).filter((a) => text(a).startsWith(label));
const withoutNewTab = (words: string) => words.replace(" (opens in a new tab)", "");
/** A text as the page shows it: its white space collapsed. */
const shown = (words: string) => words.replace(/\s+/g, " ").trim();

describe("shared layout on every route", () => {
  for (const route of [...ROUTES, "/404"]) {
    test(`${route}: header, footer, external links`, () => {
      const doc = parsePage(route);
      const header = doc.querySelector("header.site-header")!;
      assert.equal(header.querySelector("a.brand")?.getAttribute("href"), "/");
      const nav = links(header, "nav a").map((a) => [withoutNewTab(text(a)), a.getAttribute("href")]);
      assert.deepEqual(nav, [...site.navigation.map((link) => [link.label, link.href]), [site.insightsLink.label, site.insightsLink.href]]);
      assert.ok(header.querySelector("button.theme-toggle"), "theme toggle");
      assert.ok(byText(header, "Open", "button").length === 1, "menu Open button");
      const footer = doc.querySelector("footer")!;
      assert.ok(text(footer).includes(`© ${TEST_BUILD_DATE.slice(0, 4)} ${site.company.name}`), text(footer));
      assert.ok(footer.querySelector(`a[href="${site.social.linkedin}"]`));
      assert.ok(footer.querySelector(`a[href="${site.social.twitter}"]`));
      assert.ok(footer.querySelector('a[href="/privacy"]') && footer.querySelector('a[href="/terms"]'));
      for (const a of links(doc).filter((a) => /^https?:/.test(a.href))) {
        assert.equal(a.getAttribute("rel"), "noopener noreferrer", `${a.href} needs rel`);
        assert.equal(a.getAttribute("target"), "_blank");
      }
    });
  }
});

test("/: hero, about, services, logo cloud, teaser, closing call to action", () => {
  const doc = parsePage("/");
  const hero = doc.querySelector(".hero")!;
  assert.equal(text(hero.querySelector("h1")), shown(home.hero.headline));
  for (const line of [home.hero.tagline, home.hero.productLine]) assert.ok(text(hero).includes(shown(line)), line);
  const heroImage = hero.querySelector("img")!;
  assert.ok(Number(heroImage.getAttribute("width")) > 0 && Number(heroImage.getAttribute("height")) > 0);
  assert.equal(heroImage.getAttribute("fetchpriority"), "high");
  assert.equal(byText(hero, home.hero.cta)[0]?.getAttribute("href"), "/contact");
  assert.equal(text(doc.querySelector("#about h2")), shown(home.about.heading));
  assert.equal(text(doc.querySelector("#services h2")), home.services.heading);
  assert.deepEqual(
    [...doc.querySelectorAll("#services .card h3")].map(text),
    home.services.areas.map((area) => area.title),
  );
  const cloud = doc.getElementById("client-logo-cloud")!;
  assert.equal(text(cloud.querySelector("h2")), home.clientLogosHeading);
  assert.deepEqual(
    [...cloud.querySelectorAll('[role="img"][aria-label]')].map((logo) => logo.getAttribute("aria-label")),
    site.clientLogos.home.map((logo) => logo.name),
  );
  const teaser = doc.getElementById("case-studies")!;
  assert.ok(
    links(teaser).some((a) => a.getAttribute("href") === site.memoryProduct.url),
    "Latest card links to the product site",
  );
  assert.ok(text(teaser).includes(home.caseStudies.latest.label));
  assert.ok(text(teaser).includes(home.caseStudies.framework.title));
  assert.ok(teaser.querySelector('a[href="/case-studies"]'));
  const cta = doc.querySelector(".cta")!;
  assert.equal(text(cta.querySelector("h2")), site.closingCta.heading);
  assert.equal(byText(cta, site.closingCta.cta)[0]?.getAttribute("href"), "/contact");
});

test("/: the hero's newsletter line links once, to the newsletter, in the link's own words", () => {
  const line = [...parsePage("/").querySelectorAll(".hero__line")].find((p) => text(p).includes(shown(home.hero.newsletterLine)))!;
  assert.deepEqual(
    links(line).map((a) => [withoutNewTab(text(a)), a.getAttribute("href")]),
    [[home.hero.newsletterLink, site.newsletter.url]],
  );
});

test("/ and /case-studies: the product's link is named by where it goes, and each logo by its client", () => {
  const home_ = parsePage("/");
  const studies = parsePage("/case-studies");
  const visitLink = (doc: Document, selector: string) => withoutNewTab(text(byText(doc.querySelector(selector)!, "Visit")[0]));
  assert.equal(visitLink(home_, "#case-studies"), visitLabel(site.memoryProduct.url));
  assert.ok(featured?.link, "the featured study links to its product");
  assert.equal(visitLink(studies, ".study--featured"), visitLabel(featured.link));
  assert.deepEqual(
    [...studies.querySelectorAll('#trusted [role="img"]')].map((logo) => logo.getAttribute("aria-label")),
    site.clientLogos.caseStudies.map((logo) => logo.name),
  );
});

test("/about: headshot, intro, why we're built different, vision", () => {
  const doc = parsePage("/about");
  const headshot = doc.querySelector("img.headshot")!;
  assert.ok((headshot.getAttribute("alt") ?? "").includes(site.company.founder));
  assert.ok(headshot.getAttribute("width") && headshot.getAttribute("height"));
  assert.equal(text(doc.querySelector("h1")), shown(about.intro.heading));
  for (const paragraph of about.intro.paragraphs) assert.ok(text(doc.body).includes(shown(paragraph)), paragraph);
  assert.equal(byText(doc.querySelector("main")!, shown(about.intro.bioLinkText))[0]?.getAttribute("href"), "/bio");
  const built = doc.getElementById("built-different")!;
  assert.equal(text(built.querySelector("h2")), about.builtDifferent.heading);
  for (const claim of about.builtDifferent.claims)
    for (const words of [claim.value, claim.label, claim.text]) assert.ok(text(built).includes(shown(words)), words);
  assert.ok(text(built).includes(shown(about.builtDifferent.alliance.text)));
  assert.ok(text(built.querySelector("figcaption")).includes(about.builtDifferent.testimonial.role));
  const vision = doc.getElementById("vision")!;
  assert.equal(text(vision.querySelector("h2")), about.vision.heading);
  assert.deepEqual(
    [...vision.querySelectorAll("h3")].map(text),
    about.vision.goals.map((goal) => goal.title),
  );
  assert.ok(vision.querySelector('a[href="/contact"]'));
});

test("/services: each price and its duration read as two facts, not one run-together word", () => {
  const prices = [...parsePage("/services").querySelectorAll(".package__price")].map(text);
  assert.deepEqual(
    prices,
    services.packages.map((p) => `${priceLabel(p.price)}, ${weeksLabel(p.weeks)}`),
  );
  for (const price of prices) assert.match(price, /^\$[\d.,]+k?, \d+ weeks?$/);
});

test("/contact: its search snippet makes the page's own promise on response time", () => {
  const doc = parsePage("/contact");
  const snippet = doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? "";
  assert.ok(snippet.includes(`${contact.responseTime.promise}.`), snippet);
  assert.ok(text(doc.querySelector("main")).includes(`${contact.responseTime.promise}.`));
});

test("no page, component or island spells the company's name: a rename in content/site.yaml is the one change", () => {
  const files = fg.sync(["pages/**/*.tsx", "components/**/*.{ts,tsx}", "islands/**/*.tsx", "shared/**/*.{ts,tsx}", "browser/**/*.{ts,tsx}"]);
  assert.ok(files.length > 20, `${files.length} files`);
  assert.deepEqual(
    files.filter((file) => readFileSync(file, "utf8").includes(site.company.name)),
    [],
  );
});

test("no page shows a token the build did not fill in", () => {
  for (const route of [...ROUTES, "/404"]) assert.doesNotMatch(text(parsePage(route).body), /\{\{|\}\}/, route);
});

test("/case-studies: the download dialog promises what its success message says", () => {
  const dialog = parsePage("/case-studies").querySelector("[data-island='CaseStudyDownload']")!;
  assert.match(text(dialog), /Enter your email address and your download will begin shortly\./);
  assert.doesNotMatch(text(dialog), /straight away/);
});

test("/case-studies: every logo in the strip is a client a study on the page names", () => {
  const doc = parsePage("/case-studies");
  const stories = [...doc.querySelectorAll(".study")]
    .map((study) => `${text(study.querySelector(".study__title"))} ${text(study.querySelector(".study__subtitle"))}`)
    .join(" ");
  const logos = [...doc.querySelectorAll('#trusted [role="img"]')].map((logo) => logo.getAttribute("aria-label") ?? "");
  assert.equal(logos.length, site.clientLogos.caseStudies.length);
  for (const logo of logos) assert.ok(stories.includes(logo.replace(/ logo$/, "")), `${logo} is named by no study: ${stories}`);
});

test("/services: the packages exactly, in the file's order", () => {
  const doc = parsePage("/services");
  const packages = [...doc.querySelectorAll(".package")];
  assert.deepEqual(
    packages.map((p) => [
      text(p.querySelector("h2")),
      text(p.querySelector(".package__amount")),
      text(p.querySelector(".package__duration")),
      Boolean(p.querySelector(".badge")),
    ]),
    services.packages.map((p) => [p.name, priceLabel(p.price), weeksLabel(p.weeks), p.featured]),
  );
  packages.forEach((pkg, i) => {
    assert.deepEqual([...pkg.querySelectorAll(".checklist li")].map(text), services.packages[i].results);
    assert.equal(text(pkg.querySelector("p:not(.package__price):not(.badge)")), shown(services.packages[i].description));
    assert.equal(byText(pkg, "Get Started")[0]?.getAttribute("href"), "/contact");
    if (services.packages[i].featured) assert.equal(text(pkg.querySelector(".badge")), "Featured");
  });
  assert.equal(byText(doc.querySelector(".cta")!, services.cta.cta)[0]?.getAttribute("href"), "/contact");
});

test("/case-studies: heading, the featured study first with its results and link, then each other with its download, logo strip", () => {
  const doc = parsePage("/case-studies");
  assert.equal(text(doc.querySelector("h1")), "Client Success Stories");
  assert.equal(
    text(doc.querySelector(".page-header__intro")),
    "Our own AI product launch and selected client engagements in workforce innovation, education and economic mobility, each with its measured results.",
  );
  const studies = [...doc.querySelectorAll(".study")];
  assert.deepEqual(
    studies.map((study) => text(study.querySelector("h2"))),
    LISTED.map((study) => study.title),
  );
  studies.forEach((element, i) => {
    const study = LISTED[i];
    const results = resultsOf(study).map(plainText);
    assert.deepEqual([...element.querySelectorAll(".checklist li")].map(text), results);
    assert.equal(element.querySelectorAll(".checklist li svg").length, results.length, "check marks");
    if (study.featured) {
      assert.equal(text(element.querySelector(".badge")), "Featured Case Study");
      assert.deepEqual([...element.querySelectorAll("h3")].map(text), ["Challenge", "Solution", "Key Results"]);
    } else assert.deepEqual([...element.querySelectorAll("h3")].map(text), ["Challenge", "Solution", "Results"]);
    if (study.link) {
      assert.equal(byText(element, "Visit")[0]?.getAttribute("href"), study.link);
      assert.equal(byText(element, "Download Case Study").length, 0, "a study with a link has no download");
    } else assert.equal(byText(element, "Download Case Study")[0]?.getAttribute("href"), caseStudyPdfPath(study));
  });
  const strip = doc.getElementById("trusted")!;
  assert.equal(text(strip.querySelector("h2")), "Trusted by Leading Innovation, Edtech, and Nonprofit Organizations");
});

test("/: the Latest card promises what the featured study's page tells: its summary, and a link to it", () => {
  assert.ok(featured, "a study is featured");
  const card = parsePage("/").querySelector("#case-studies .card--feature")!;
  const page = parsePage(caseStudyPath(featured));
  const promise = text(card.querySelector("p:not(.badge):not(.card__links)"));
  assert.equal(promise, shown(featured.summary));
  assert.equal(promise, page.querySelector('meta[name="description"]')?.getAttribute("content"), "the page's own summary");
  assert.equal(byText(card, home.caseStudies.latest.studyLinkText)[0]?.getAttribute("href"), caseStudyPath(featured));
});

test("/case-studies: each study's title links to its own page", () => {
  const titles = [...parsePage("/case-studies").querySelectorAll(".study__title a")].map((a) => a.getAttribute("href"));
  assert.deepEqual(titles, LISTED.map(caseStudyPath));
});

describe("a page for every case study, from one template", () => {
  STUDIES.forEach((study, i) => {
    const route = caseStudyPath(study);
    test(`${route}: title, subtitle, challenge, solution, results, its action, breadcrumb, neighbours, call to action`, () => {
      const doc = parsePage(route);
      const list = [...parsePage("/case-studies").querySelectorAll(".study")][LISTED.indexOf(study)];
      assert.equal(text(doc.querySelector("h1")), study.title);
      assert.equal(doc.title, `${study.title} | ${site.company.name}`);
      assert.equal(text(doc.querySelector(".page-header__intro")), study.subtitle);
      assert.equal(text(doc.querySelector(".page-header__intro")), text(list.querySelector(".study__subtitle")));
      const main = doc.querySelector("main")!;
      assert.deepEqual([...main.querySelectorAll(".study__label")].map(text), ["Challenge", "Solution", study.featured ? "Key Results" : "Results"]);
      // The same words as the list shows for this study.
      for (const paragraph of [...list.querySelectorAll("p")].slice(1).map(text)) assert.ok(text(main).includes(paragraph), paragraph);
      assert.deepEqual([...main.querySelectorAll(".checklist li")].map(text), resultsOf(study).map(plainText));
      assert.equal(main.querySelectorAll(".checklist li svg").length, main.querySelectorAll(".checklist li").length, "check marks");
      if (study.link) {
        assert.equal(byText(main, visitLabel(study.link))[0]?.getAttribute("href"), study.link);
        assert.equal(byText(main, "Download Case Study").length, 0);
      } else {
        const download = byText(main, "Download Case Study")[0];
        assert.equal(download?.getAttribute("href"), caseStudyPdfPath(study), "the download is this study's PDF");
        assert.equal(download?.closest("[data-island]")?.getAttribute("data-island"), "CaseStudyDownload");
      }
      assert.equal(Boolean(main.querySelector(".study__cover img")), Boolean(study.cover), "the cover photo, where the study has one");
      // The trail the page's BreadcrumbList gives (test/build/structured-data.test.ts): Home / Work / the study.
      const crumbs = [...doc.querySelectorAll('nav[aria-label="Breadcrumb"] > ol > li')];
      assert.deepEqual(
        crumbs.map((li) => [text(li), li.querySelector("a")?.getAttribute("href") ?? null, li.getAttribute("aria-current")]),
        [
          ["Home", "/", null],
          ["Work", "/case-studies", null],
          [study.title, null, "page"],
        ],
      );
      const pager = doc.querySelector('nav[aria-label="More case studies"]')!;
      const previous = pager.querySelector('a[rel="prev"]');
      const next = pager.querySelector('a[rel="next"]');
      assert.equal(previous?.getAttribute("href") ?? null, STUDY_ROUTES[i - 1] ?? null);
      assert.equal(next?.getAttribute("href") ?? null, STUDY_ROUTES[i + 1] ?? null);
      // A link's name is its text, read without the stylesheet's line breaks (as a screen reader may): the
      // direction and the title are two phrases, not one run-together word.
      if (previous) assert.equal(previous.textContent, `Previous case study ${STUDIES[i - 1].title}`);
      if (next) assert.equal(next.textContent, `Next case study ${STUDIES[i + 1].title}`);
      const cta = doc.querySelector(".cta")!;
      assert.equal(text(cta.querySelector("h2")), site.closingCta.heading);
      assert.equal(byText(cta, site.closingCta.cta)[0]?.getAttribute("href"), "/contact");
    });
  });
});

test("/bio: five tabs, every panel in the HTML, every publication, Contact Us", () => {
  const doc = parsePage("/bio");
  assert.deepEqual(
    links(doc, ".bio-tabs a").map((a) => [text(a), a.getAttribute("href")]),
    [
      ["Background", "#background"],
      ["Expertise", "#expertise"],
      ["Experience", "#experience"],
      ["Education", "#education"],
      ["Publications", "#publications"],
    ],
  );
  const firstOf = { expertise: bio.expertise, experience: bio.experience, education: bio.education, publications: bio.publications };
  for (const id of ["background", "expertise", "experience", "education", "publications"] as const) {
    const panel = doc.getElementById(id)!;
    const first = id === "background" ? plainText(bio.body.flatMap((block) => ("paragraph" in block ? [block.paragraph] : []))[0]) : firstOf[id][0].title;
    assert.ok(text(panel).includes(shown(first)), `${id} panel shows its content`);
    assert.equal(panel.hidden, false, "readable without JavaScript");
  }
  const publications = [...doc.querySelectorAll("#publications li")];
  assert.deepEqual(
    // A whitepaper's link says it is a PDF.
    publications.map((item) => withoutNewTab(text(item.querySelector("a"))).replace(/ \(PDF\)$/, "")),
    bio.publications.map((publication) => publication.title),
  );
  for (const item of publications) {
    assert.match(item.querySelector("a")?.getAttribute("href") ?? "", /^https:\/\//);
    assert.match(
      text(item.querySelector(".entries__meta")),
      /· (January|February|March|April|May|June|July|August|September|October|November|December) 20\d\d$/,
    );
    assert.match(item.querySelector("time")?.getAttribute("datetime") ?? "", /^20\d\d-\d\d$/);
  }
  assert.equal(byText(doc, "Contact Us")[0]?.getAttribute("href"), "/contact");
});

test("/bio: each publication is labelled for what it is: a whitepaper links to its document, an article to its page", () => {
  const publications = [...parsePage("/bio").querySelectorAll("#publications li")].map((item) => {
    const [kind, outlet] = text(item.querySelector(".entries__meta")).split(" · ");
    return { kind, outlet, href: item.querySelector("a")?.getAttribute("href") ?? "" };
  });
  assert.deepEqual(
    publications.map((p) => [p.kind, p.outlet]),
    bio.publications.map((p) => [p.kind, p.outlet]),
  );
  for (const { kind, outlet, href } of publications) {
    if (kind === "Whitepaper") {
      assert.match(href, /\.pdf$/, `${outlet}: a whitepaper links to its document`);
    } else {
      assert.doesNotMatch(href, /\.pdf$/, `${outlet}: an article links to its page`);
    }
  }
});

test("/contact: the form's fields, types and required markers, and the side column", () => {
  const doc = parsePage("/contact");
  const form = doc.querySelector("form")!;
  assert.ok(form.hasAttribute("novalidate"));
  // The honeypot is no field of the visitor's: aria-hidden, out of the tab order.
  const fields = [...form.querySelectorAll<HTMLInputElement>("input, textarea")]
    .filter((f) => !f.closest("[aria-hidden]"))
    .map((f) => [f.name, f.tagName === "TEXTAREA" ? "textarea" : f.type, f.required]);
  assert.deepEqual(fields, [
    ["firstname", "text", true],
    ["lastname", "text", true],
    ["email", "email", true],
    ["phone", "tel", false],
    ["company", "text", false],
    ["message", "textarea", true],
  ]);
  for (const field of form.querySelectorAll("input, textarea"))
    assert.ok(form.querySelector(`label[for="${field.id}"]`), `${field.getAttribute("name")} has a label`);
  const labels = [...form.querySelectorAll("label")].filter((l) => !l.closest("[aria-hidden]")).map(text);
  assert.deepEqual(labels, ["First Name *", "Last Name *", "Email *", "Phone", "Company", "Message *"]);
  const aside = doc.querySelector("aside")!;
  assert.ok(aside.querySelector('a[href^="https://www.linkedin.com/"]') && aside.querySelector('a[href^="https://twitter.com/"]'));
  for (const words of [
    contact.approach.heading,
    contact.newsletterPromo.heading,
    contact.responseTime.heading,
    contact.responseTime.promise,
    contact.responseTime.text,
  ])
    assert.ok(text(aside).includes(shown(words)), words);
  assert.equal(byText(aside, contact.newsletterPromo.linkText)[0]?.getAttribute("href"), site.newsletter.url, "subscribe link");
});

for (const [route, policy, name] of [
  ["/privacy", privacy, site.policyTitles.privacy],
  ["/terms", terms, site.policyTitles.terms],
] as const) {
  test(`${route}: its title in its title, heading and footer link, a section for each ## heading, Last updated = build date`, () => {
    const doc = parsePage(route);
    assert.equal(doc.title, `${name} | ${site.company.name}`);
    assert.equal(text(doc.querySelector("h1")), name);
    assert.equal(text(parsePage("/").querySelector(`footer a[href="${route}"]`)), name);
    assert.deepEqual(
      [...doc.querySelectorAll("main h2")].map(text),
      // Numbered, in the file's order.
      policy.body.flatMap((block) => ("heading" in block && block.heading === 2 ? [plainText(block.text)] : [])).map((heading, i) => `${i + 1}. ${heading}`),
    );
    assert.match(text(doc.querySelector(".policy__updated")), /^Last updated: March 15, 2026$/);
  });
}

test("the privacy policy says what CONSENT_DEFAULT makes the site do: the sentence of beforeChoosing for the build's setting", async () => {
  const { privacyPolicy } = await import("../../pages/privacy.tsx");
  /** The policy's paragraphs, as a build with this setting makes them. */
  const section = (consent: "denied" | "granted") =>
    privacyPolicy(consent)
      .body.map((block) => ("paragraph" in block ? plainText(block.paragraph) : ""))
      .join(" ");
  // The test site's CONSENT_DEFAULT is unset: denied.
  assert.ok(text(parsePage("/privacy").querySelector("main")).includes(shown(privacy.beforeChoosing.denied)));
  assert.ok(section("denied").includes(shown(privacy.beforeChoosing.denied)));
  assert.ok(section("granted").includes(shown(privacy.beforeChoosing.granted)));
  assert.ok(!section("granted").includes(shown(privacy.beforeChoosing.denied)));
  assert.ok(parsePage("/").querySelector('footer a[data-privacy-choices][href="/privacy#information-collected-automatically"]'));
});

test("/404: a helpful page that links back to the main pages", () => {
  const doc = parsePage("/404");
  for (const href of ["/", "/services", "/case-studies", "/bio", "/contact", "/about"]) assert.ok(doc.querySelector(`main a[href="${href}"]`), href);
});

test("the build makes every page the spec names: its routes, then the case studies'", () => {
  const spec = ["/", "/about", "/services", "/case-studies", "/bio", "/contact", "/privacy", "/terms", ...STUDY_ROUTES];
  assert.deepEqual(
    spec.filter((route) => !ROUTES.includes(route)),
    [],
  );
});

test("sitemap.xml and robots.txt", () => {
  const sitemap = readFileSync(`${configuredSite}/sitemap.xml`, "utf8");
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.deepEqual(locs.sort(), ROUTES.map((r) => (r === "/" ? `${TEST_SITE_URL}/` : `${TEST_SITE_URL}${r}`)).sort());
  assert.match(readFileSync(`${configuredSite}/robots.txt`, "utf8"), /^Sitemap: https:\/\/cedarline\.test\/sitemap\.xml$/m);
});
