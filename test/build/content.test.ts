// The site's facts and visible texts, route by route, spelled out here so a wrong constant still fails.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";
import fg from "fast-glob";
import { builtRoutes, CASE_STUDY_ROUTES, configuredSite, ensureTestSites, fixtureSite, parsePage, TEST_SITE_URL, text } from "../helpers/site.ts";

const ROUTES = await builtRoutes();
const FIXTURE_ROUTES = await builtRoutes(fixtureSite);

before(ensureTestSites);

const links = (doc: Document | Element, selector = "a") => [...doc.querySelectorAll<HTMLAnchorElement>(selector)];
const byText = (doc: Document | Element, label: string, selector = "a") => links(doc, selector).filter((a) => text(a).startsWith(label));

describe("shared layout on every route", () => {
  for (const route of [...ROUTES, "/404"]) {
    test(`${route}: header, footer, external links`, () => {
      const doc = parsePage(route);
      const header = doc.querySelector("header.site-header")!;
      assert.equal(header.querySelector("a.brand")?.getAttribute("href"), "/");
      const nav = links(header, "nav a").map((a) => [text(a).replace(" (opens in a new tab)", ""), a.getAttribute("href")]);
      assert.deepEqual(nav, [
        ["Home", "/"],
        ["Services", "/services"],
        ["Work", "/case-studies"],
        ["Bio", "/bio"],
        ["Contact", "/contact"],
        ["Insights", "https://claudecodefornoncoders.substack.com"],
      ]);
      assert.ok(header.querySelector("button.theme-toggle"), "theme toggle");
      assert.ok(byText(header, "Open", "button").length === 1, "menu Open button");
      const footer = doc.querySelector("footer")!;
      assert.match(text(footer), /© 2026 Cedarline Advisory/);
      assert.ok(footer.querySelector('a[href^="https://www.linkedin.com/"]'));
      assert.ok(footer.querySelector('a[href^="https://twitter.com/"]'));
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
  assert.match(text(hero.querySelector("h1")), /Cedarline Advisory/);
  assert.match(text(hero), /Claude Code for Non-Coders/);
  assert.match(text(hero), /Local Memory, an AI memory product/);
  assert.match(text(hero), /innovation incubation programs/);
  const heroImage = hero.querySelector("img")!;
  assert.ok(Number(heroImage.getAttribute("width")) > 0 && Number(heroImage.getAttribute("height")) > 0);
  assert.equal(heroImage.getAttribute("fetchpriority"), "high");
  assert.equal(byText(hero, "Schedule a Consultation")[0]?.getAttribute("href"), "/contact");
  assert.ok(doc.querySelector("#about h2"));
  assert.equal(text(doc.querySelector("#services h2")), "Our Services");
  assert.deepEqual([...doc.querySelectorAll("#services .card h3")].map(text), ["AI Product Development", "Strategic Advisory", "Innovation Incubation"]);
  const cloud = doc.getElementById("client-logo-cloud")!;
  assert.equal(text(cloud.querySelector("h2")), "Trusted by leaders and innovators");
  assert.equal(cloud.querySelectorAll('[role="img"][aria-label]').length, 3);
  const teaser = doc.getElementById("case-studies")!;
  assert.ok(
    links(teaser).some((a) => a.href === "https://localmemory.co/" || a.getAttribute("href") === "https://localmemory.co"),
    "Latest card links to the product site",
  );
  assert.match(text(teaser), /Latest/);
  assert.match(text(teaser), /Innovation Incubation Framework/);
  assert.ok(teaser.querySelector('a[href="/case-studies"]'));
  const cta = doc.querySelector(".cta")!;
  assert.equal(text(cta.querySelector("h2")), "Ready to Transform Your Organization?");
  assert.equal(byText(cta, "Schedule a Consultation")[0]?.getAttribute("href"), "/contact");
});

test("/: the hero's newsletter line is one sentence with one call to action", () => {
  const line = [...parsePage("/").querySelectorAll(".hero__line")].find((p) => text(p).includes("Claude Code for Non-Coders"))!;
  const visible = text(line).replace(" (opens in a new tab)", "");
  assert.equal(visible.match(/\bRead\b/g)?.length, 1, `"Read" once: ${visible}`);
  assert.equal(visible.match(/Claude Code for Non-Coders/g)?.length, 1, `the name once: ${visible}`);
  assert.deepEqual(
    links(line).map((a) => [text(a).replace(" (opens in a new tab)", ""), a.getAttribute("href")]),
    [["Read Claude Code for Non-Coders", "https://claudecodefornoncoders.substack.com"]],
  );
});

test("/ and /case-studies: Local Memory's link and the ASA logo are named as on the case studies", () => {
  const home = parsePage("/");
  const studies = parsePage("/case-studies");
  const visitLink = (doc: Document, selector: string) => text(byText(doc.querySelector(selector)!, "Visit")[0]).replace(" (opens in a new tab)", "");
  assert.equal(visitLink(home, "#case-studies"), "Visit localmemory.co");
  assert.equal(visitLink(studies, ".study--featured"), "Visit localmemory.co");
  const asa = [...home.querySelectorAll('#client-logo-cloud [role="img"]')].find((logo) => logo.getAttribute("aria-label")?.startsWith("ASA"))!;
  assert.equal(asa.getAttribute("aria-label"), "ASA Center for Career Navigation");
  // The wordmark's drawn words say the same as its name.
  assert.equal([...asa.querySelectorAll("text")].map(text).join(" ").toLowerCase(), "asa center for career navigation");
  assert.ok([...studies.querySelectorAll(".study h2")].some((h2) => text(h2) === "ASA Center for Career Navigation"));
});

test("/case-studies: every subtitle separates its parts with a middle dot", () => {
  const subtitles = [...parsePage("/case-studies").querySelectorAll(".study__subtitle")].map(text);
  assert.equal(subtitles.length, 6);
  for (const subtitle of subtitles) {
    assert.match(subtitle, / · /, subtitle);
    assert.doesNotMatch(subtitle, / - /, subtitle);
  }
});

test("every page writes American English, as a Washington, DC firm does", () => {
  for (const site of [configuredSite, fixtureSite]) {
    for (const route of [...(site === fixtureSite ? FIXTURE_ROUTES : ROUTES), "/404"]) {
      const british = text(parsePage(route, site).body).match(/\b(honour|colour|favour|behaviour|organis|centre|licence)\w*/i)?.[0];
      assert.equal(british, undefined, `${route}: "${british}"`);
    }
  }
});

test("/about: headshot, intro, Why We're Built Different, Our Vision", () => {
  const doc = parsePage("/about");
  const headshot = doc.querySelector("img.headshot")!;
  assert.match(headshot.getAttribute("alt") ?? "", /Jordan Ellery/);
  assert.ok(headshot.getAttribute("width") && headshot.getAttribute("height"));
  assert.match(text(doc.body), /founded by Jordan Ellery/);
  assert.ok(doc.querySelector('main a[href="/bio"]'));
  const built = doc.getElementById("built-different")!;
  assert.equal(text(built.querySelector("h2")), "Why We're Built Different");
  assert.match(text(built), /99\.999%/);
  assert.match(text(built), /20%\+/);
  assert.match(text(built), /AWS Partner Network/);
  assert.match(text(built.querySelector("figcaption")), /Regional GM/);
  const vision = doc.getElementById("vision")!;
  assert.equal(text(vision.querySelector("h2")), "Our Vision");
  assert.deepEqual([...vision.querySelectorAll("h3")].map(text), [
    "$1M annual revenue",
    "A micro family office",
    "A team of elite consultants",
    "Fellowship programs",
  ]);
  assert.match(text(vision), /2027/);
  assert.ok(vision.querySelector('a[href="/contact"]'));
});

test("/services: each price and its duration read as two facts, not one run-together word", () => {
  const prices = [...parsePage("/services").querySelectorAll(".package__price")].map(text);
  assert.deepEqual(prices, ["$75k, 12 weeks", "$125k, 20 weeks", "$100k, 16 weeks"]);
});

test("/contact: its search snippet makes the page's own promise on response time", () => {
  const doc = parsePage("/contact");
  const snippet = doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? "";
  assert.match(snippet, /We typically respond within 1-2 business days\./);
  assert.match(text(doc.querySelector("main")), /We typically respond within 1-2 business days\./);
});

test("no page, component or island spells the company's name: a rename in content/site.ts is the one change", () => {
  const files = fg.sync(["pages/**/*.tsx", "components/**/*.{ts,tsx}", "islands/**/*.tsx", "shared/**/*.{ts,tsx}", "browser/**/*.{ts,tsx}"]);
  assert.ok(files.length > 20, `${files.length} files`);
  assert.deepEqual(
    files.filter((file) => readFileSync(file, "utf8").includes("Cedarline")),
    [],
  );
});

test("/services and /terms take one stance on uptime: a past record, not a promise", () => {
  const results = [...parsePage("/services").querySelectorAll(".package")].flatMap((p) => [...p.querySelectorAll("li")].map(text));
  const uptime = results.filter((result) => result.includes("99.999%"));
  assert.deepEqual(uptime, ["Resilient cloud architecture on the pattern behind our 99.999% uptime record"]);
  assert.match(
    text(parsePage("/terms").querySelector("main")),
    /99\.999% uptime or 20%\+ ROI, describe results from past engagements\. They are not guarantees/,
  );
});

test("/terms names the courts the District of Columbia has; /privacy asks for no letter to an address it does not give", () => {
  const terms = text(parsePage("/terms").querySelector("main"));
  assert.doesNotMatch(terms, /state or federal courts/);
  assert.match(
    terms,
    /the Superior Court of the District of Columbia and the District of Columbia Court of Appeals\) or in the United States District Court for the District of Columbia/,
  );
  const privacy = [...parsePage("/privacy").querySelectorAll("main section")].map(text).at(-1) ?? "";
  assert.match(privacy, /email hello@cedarlineadvisory\.com\.$/);
  assert.doesNotMatch(privacy, /write to/);
});

test("/case-studies: the download dialog promises what its success message says", () => {
  const dialog = parsePage("/case-studies").querySelector("[data-island='CaseStudyDownload']")!;
  assert.match(text(dialog), /Enter your email address and your download will begin shortly\./);
  assert.doesNotMatch(text(dialog), /straight away/);
});

test("every page spells Edtech one way, as the case studies' strip does", () => {
  for (const route of [...ROUTES, "/404"]) {
    const words = text(parsePage(route).body).match(/\bed-?tech\b/gi) ?? [];
    assert.deepEqual(
      [...new Set(words)].filter((word) => word !== "Edtech"),
      [],
      route,
    );
  }
});

test("/privacy says what the site keeps of an unsent message and what a submission carries, where, for how long and how to clear it", () => {
  const policy = text(parsePage("/privacy").querySelector("main"));
  assert.match(
    policy,
    /what you have typed \(name, email address, phone number, company and message\) is kept in your browser's sessionStorage under the key "contact-draft"/,
  );
  assert.match(policy, /It is removed as soon as your message is sent, and is gone when you close the tab; you can also clear it at any time/);
  assert.match(
    policy,
    /Each form submission also carries the address and title of the page you sent it from and, when HubSpot has set one in your browser, HubSpot's visitor cookie \(hubspotutk\)/,
  );
});

test("/: the Innovation Incubation Framework card promises what /case-studies shows: the studies it names, with their stage gates", () => {
  const card = [...parsePage("/").querySelectorAll("#case-studies .card")].find((c) => text(c.querySelector("h3")) === "Innovation Incubation Framework")!;
  assert.equal(byText(card, "See the framework in our case studies")[0]?.getAttribute("href"), "/case-studies");
  const studies = parsePage("/case-studies");
  const titles = [...studies.querySelectorAll(".study__title")].map(text);
  for (const named of ["JFFLabs Impact Incubation Model", "JFFLabs Innovation Workshop"]) {
    assert.match(text(card), new RegExp(named.replace("JFFLabs ", "(JFFLabs )?")), named);
    assert.ok(titles.includes(named), `${named} is a study on /case-studies`);
  }
  assert.match(text(studies.querySelector("main")), /stage gates/);
});

test("/case-studies: every logo in the strip is a client a study on the page names", () => {
  const doc = parsePage("/case-studies");
  const stories = [...doc.querySelectorAll(".study")]
    .map((study) => `${text(study.querySelector(".study__title"))} ${text(study.querySelector(".study__subtitle"))}`)
    .join(" ");
  const logos = [...doc.querySelectorAll('#trusted [role="img"]')].map((logo) => logo.getAttribute("aria-label") ?? "");
  assert.equal(logos.length, 3);
  for (const logo of logos) assert.ok(stories.includes(logo.replace(/ logo$/, "")), `${logo} is named by no study: ${stories}`);
});

test("/services: the three packages exactly", () => {
  const doc = parsePage("/services");
  const packages = [...doc.querySelectorAll(".package")];
  assert.deepEqual(
    packages.map((p) => [
      text(p.querySelector("h2")),
      text(p.querySelector(".package__amount")),
      text(p.querySelector(".package__duration")),
      Boolean(p.querySelector(".badge")),
    ]),
    [
      ["Discovery to Scale", "$75k", "12 weeks", false],
      ["AI Product Development", "$125k", "20 weeks", true],
      ["Innovation Acceleration", "$100k", "16 weeks", false],
    ],
  );
  for (const pkg of packages) {
    assert.equal(pkg.querySelectorAll(".checklist li").length, 3);
    assert.ok(text(pkg.querySelector("p:not(.package__price):not(.badge)")).length > 40, "a description");
    assert.equal(byText(pkg, "Get Started")[0]?.getAttribute("href"), "/contact");
  }
  assert.equal(text(packages[1].querySelector(".badge")), "Featured");
  assert.equal(byText(doc.querySelector(".cta")!, "Schedule a Consultation")[0]?.getAttribute("href"), "/contact");
});

test("/case-studies: heading, featured study, five downloads in order, logo strip", () => {
  const doc = parsePage("/case-studies");
  assert.equal(text(doc.querySelector("h1")), "Client Success Stories");
  const studies = [...doc.querySelectorAll(".study")];
  assert.equal(studies.length, 6);
  const [featured, ...others] = studies;
  assert.equal(text(featured.querySelector(".badge")), "Featured Case Study");
  assert.match(text(featured), /Challenge/);
  assert.match(text(featured), /Solution/);
  assert.match(text(featured), /Key Results/);
  for (const figure of ["26 tools", "34,466 memories/second", "11 ms vector search", "85% weekly retention", "100+ active users"])
    assert.match(text(featured), new RegExp(figure.replace(/[+.]/g, "\\$&")));
  assert.ok(featured.querySelectorAll(".checklist li svg").length >= 5, "check marks");
  assert.ok(byText(featured, "Visit")[0]?.getAttribute("href")?.startsWith("https://localmemory.co"));
  assert.equal(byText(featured, "Download Case Study").length, 0, "the featured study has no download");
  assert.deepEqual(
    others.map((s) => text(s.querySelector("h2"))),
    [
      "JFFLabs Impact Incubation Model",
      "EQOS Initiative",
      "Economic Mobility for Veteran and Military Families",
      "ASA Center for Career Navigation",
      "JFFLabs Innovation Workshop",
    ],
  );
  for (const study of others) {
    assert.deepEqual([...study.querySelectorAll("h3")].map(text), ["Challenge", "Solution", "Results"]);
    const download = byText(study, "Download Case Study")[0];
    assert.match(download?.getAttribute("href") ?? "", /^\/case-studies\/[a-z0-9-]+\.pdf$/);
  }
  const strip = doc.getElementById("trusted")!;
  assert.equal(text(strip.querySelector("h2")), "Trusted by Leading Innovation, Edtech, and Nonprofit Organizations");
  assert.equal(strip.querySelectorAll('[role="img"]').length, 3);
});

test("/case-studies credits its clients with no figure of the firm's own: the featured study is our own product's launch", () => {
  const doc = parsePage("/case-studies");
  assert.match(text(doc.querySelector(".study--featured .study__subtitle")), /^Cedarline Advisory product launch/);
  assert.equal(
    text(doc.querySelector(".page-header__intro")),
    "Our own AI product launch and selected client engagements in workforce innovation, education and economic mobility, each with its measured results.",
  );
});

test("/: the Latest card promises what the featured study's page tells, and nothing it does not", () => {
  const card = parsePage("/").querySelector("#case-studies .card--feature")!;
  const page = parsePage("/case-studies/launching-local-memory");
  const promise = text(card.querySelector("p:not(.badge):not(.card__links)"));
  assert.equal(promise, page.querySelector('meta[name="description"]')?.getAttribute("content"), "the page's own summary");
  for (const told of [
    "designed and shipped Local Memory",
    "a memory server that runs entirely on the user's machine",
    "AI coding assistants",
    "between sessions",
  ]) {
    assert.ok(promise.includes(told), `the card says "${told}"`);
    assert.ok(text(page.querySelector("main")).includes(told), `the page tells "${told}"`);
  }
});

test("the case studies claim no more than the firm can stand behind: whose FERPA review it was, and which memory tools sent data away", () => {
  for (const route of [...ROUTES, "/404"]) {
    const passages = [...parsePage(route).querySelectorAll("main p, main .checklist li")].map(text);
    // FERPA is a law with no review of its own to pass: a review is someone's.
    for (const passage of passages.filter((p) => p.includes("FERPA")))
      assert.match(passage, /^Shared platform passed the participating districts' FERPA privacy reviews with no findings$/, route);
    // A claim about every other memory tool is not one the firm can prove; what it evaluated, it can.
    for (const passage of passages.filter((p) => p.includes("memory tools"))) assert.match(passage, /The memory tools we evaluated sent/, route);
  }
  const eqos = [...parsePage("/case-studies/eqos-initiative").querySelectorAll("main .checklist li")].map(text);
  assert.ok(
    eqos.some((result) => result.includes("FERPA")),
    eqos.join("\n"),
  );
  assert.ok(text(parsePage("/case-studies/launching-local-memory").querySelector("main")).includes("memory tools"));
});

test("/case-studies: each study's title links to its own page, and the home teaser's Latest card to the featured one", () => {
  const titles = [...parsePage("/case-studies").querySelectorAll(".study__title a")].map((a) => a.getAttribute("href"));
  assert.deepEqual(titles, [...CASE_STUDY_ROUTES]);
  const latest = parsePage("/").querySelector("#case-studies .card--feature")!;
  assert.equal(byText(latest, "Read the case study")[0]?.getAttribute("href"), "/case-studies/launching-local-memory");
});

describe("a page for every case study, from one template", () => {
  const titles = [
    "Launching Local Memory",
    "JFFLabs Impact Incubation Model",
    "EQOS Initiative",
    "Economic Mobility for Veteran and Military Families",
    "ASA Center for Career Navigation",
    "JFFLabs Innovation Workshop",
  ];
  CASE_STUDY_ROUTES.forEach((route, i) => {
    test(`${route}: title, subtitle, challenge, solution, results, its action, breadcrumb, neighbours, call to action`, () => {
      const doc = parsePage(route);
      const list = [...parsePage("/case-studies").querySelectorAll(".study")][i];
      assert.equal(text(doc.querySelector("h1")), titles[i]);
      assert.equal(doc.title, `${titles[i]} | Cedarline Advisory`);
      assert.equal(text(doc.querySelector(".page-header__intro")), text(list.querySelector(".study__subtitle")));
      const main = doc.querySelector("main")!;
      assert.deepEqual([...main.querySelectorAll(".study__label")].map(text), ["Challenge", "Solution", i === 0 ? "Key Results" : "Results"]);
      // The same words as the list shows for this study.
      for (const paragraph of [...list.querySelectorAll("p")].slice(1).map(text)) assert.ok(text(main).includes(paragraph), paragraph);
      assert.deepEqual([...main.querySelectorAll(".checklist li")].map(text), [...list.querySelectorAll(".checklist li")].map(text));
      assert.equal(main.querySelectorAll(".checklist li svg").length, main.querySelectorAll(".checklist li").length, "check marks");
      if (i === 0) {
        assert.equal(byText(main, "Visit localmemory.co")[0]?.getAttribute("href"), "https://localmemory.co");
        assert.equal(byText(main, "Download Case Study").length, 0);
      } else {
        const download = byText(main, "Download Case Study")[0];
        assert.equal(download?.getAttribute("href"), `${route}.pdf`, "the download is this study's PDF");
        assert.equal(download?.closest("[data-island]")?.getAttribute("data-island"), "CaseStudyDownload");
      }
      // The trail the page's BreadcrumbList gives (test/build/structured-data.test.ts): Home / Work / the study.
      const crumbs = [...doc.querySelectorAll('nav[aria-label="Breadcrumb"] > ol > li')];
      assert.deepEqual(
        crumbs.map((li) => [text(li), li.querySelector("a")?.getAttribute("href") ?? null, li.getAttribute("aria-current")]),
        [
          ["Home", "/", null],
          ["Work", "/case-studies", null],
          [titles[i], null, "page"],
        ],
      );
      const pager = doc.querySelector('nav[aria-label="More case studies"]')!;
      const previous = pager.querySelector('a[rel="prev"]');
      const next = pager.querySelector('a[rel="next"]');
      assert.equal(previous?.getAttribute("href") ?? null, CASE_STUDY_ROUTES[i - 1] ?? null);
      assert.equal(next?.getAttribute("href") ?? null, CASE_STUDY_ROUTES[i + 1] ?? null);
      // A link's name is its text, read without the stylesheet's line breaks (as a screen reader may): the
      // direction and the title are two phrases, not one run-together word.
      if (previous) assert.equal(previous.textContent, `Previous case study ${titles[i - 1]}`);
      if (next) assert.equal(next.textContent, `Next case study ${titles[i + 1]}`);
      const cta = doc.querySelector(".cta")!;
      assert.equal(text(cta.querySelector("h2")), "Ready to Transform Your Organization?");
      assert.equal(byText(cta, "Schedule a Consultation")[0]?.getAttribute("href"), "/contact");
    });
  });
});

test("/bio: five tabs, every panel in the HTML, six publications, Contact Us", () => {
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
  for (const id of ["background", "expertise", "experience", "education", "publications"]) {
    const panel = doc.getElementById(id)!;
    assert.ok(text(panel).length > 200, `${id} panel has content`);
    assert.equal(panel.hidden, false, "readable without JavaScript");
  }
  const publications = [...doc.querySelectorAll("#publications li")];
  assert.equal(publications.length, 6);
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

test("/bio: each publication is labelled for what it is, and the list holds articles and whitepapers", () => {
  const publications = [...parsePage("/bio").querySelectorAll("#publications li")].map((item) => {
    const [kind, outlet] = text(item.querySelector(".entries__meta")).split(" · ");
    return { kind, outlet, href: item.querySelector("a")?.getAttribute("href") ?? "" };
  });
  assert.deepEqual([...new Set(publications.map((p) => p.kind))].sort(), ["Article", "Whitepaper"]);
  for (const { kind, outlet, href } of publications) {
    if (kind === "Whitepaper") {
      // A whitepaper is a report an organisation publishes as a document, not a post on a blog or a platform.
      assert.match(href, /\.pdf$/, `${outlet}: a whitepaper links to its document`);
      assert.doesNotMatch(outlet, /blog|Medium|Substack|newsletter/i, `${outlet} publishes posts, not whitepapers`);
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
  assert.match(text(aside), /Our Approach/);
  assert.match(text(aside), /Claude Code for Non-Coders/);
  assert.ok(aside.querySelector('a[href="https://claudecodefornoncoders.substack.com"]'), "subscribe link");
  assert.match(text(aside), /Response Time/);
  assert.match(text(aside), /1-2 business days/);
  assert.match(text(aside), /urgen/);
});

for (const [route, count, facts] of [
  ["/privacy", 11, [/at least 1 year/, /26 months/, /365 days/, /under 13/, /name, email/i, /optional/]],
  ["/terms", 14, [/net 30/i]],
] as const) {
  test(`${route}: ${count} sections, Last updated = build date, the spec's figures`, () => {
    const doc = parsePage(route);
    assert.equal(doc.querySelectorAll("main h2").length, count);
    assert.match(text(doc.querySelector(".policy__updated")), /^Last updated: March 15, 2026$/);
    for (const fact of facts) assert.match(text(doc.querySelector("main")), fact);
    assert.doesNotMatch(text(doc.body), /lorem|ipsum|TBD/i);
  });
}

for (const [route, name] of [
  ["/terms", "Terms & Conditions"],
  ["/privacy", "Privacy Policy"],
] as const) {
  test(`${route} calls itself "${name}" in its title, its heading and the footer link`, () => {
    const doc = parsePage(route);
    assert.equal(doc.title, `${name} | Cedarline Advisory`);
    assert.equal(text(doc.querySelector("h1")), name);
    assert.equal(text(parsePage("/").querySelector(`footer a[href="${route}"]`)), name);
  });
}

test("the privacy policy states what CONSENT_DEFAULT makes the site do, and how signals and choices work", async () => {
  const { privacyPolicy } = await import("../../pages/privacy.tsx");
  const { plainText } = await import("../../content/markdown.ts");
  /** The words of the policy's section under `heading`, as this build's setting makes them. */
  const section = (consent: "denied" | "granted") => {
    const body = privacyPolicy(consent).body;
    const start = body.findIndex((block) => "heading" in block && plainText(block.text) === "Information Collected Automatically");
    const end = body.findIndex((block, i) => i > start && "heading" in block);
    return body
      .slice(start + 1, end)
      .map((block) => ("paragraph" in block ? plainText(block.paragraph) : ""))
      .join(" ");
  };
  assert.match(text(parsePage("/privacy").querySelector("main")), /Until you choose, both run without cookies/);
  assert.match(section("granted"), /Until you choose, Google Analytics and Clarity may set analytics cookies; advertising storage stays denied/);
  for (const consent of ["denied", "granted"] as const) {
    assert.match(section(consent), /Global Privacy Control or Do Not Track signal, we honor it/);
    assert.match(section(consent), /\/\.well-known\/gpc\.json/);
    assert.match(section(consent), /"Privacy choices"/);
  }
  assert.ok(parsePage("/").querySelector('footer a[data-privacy-choices][href="/privacy#information-collected-automatically"]'));
});

test("/404: a helpful page that links back to the main pages", () => {
  const doc = parsePage("/404");
  for (const href of ["/", "/services", "/case-studies", "/bio", "/contact", "/about"]) assert.ok(doc.querySelector(`main a[href="${href}"]`), href);
});

test("the build makes every page the spec names: its routes, then the case studies'", () => {
  const spec = ["/", "/about", "/services", "/case-studies", "/bio", "/contact", "/privacy", "/terms", ...CASE_STUDY_ROUTES];
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
