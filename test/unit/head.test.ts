import { beforeEach, describe, expect, test, vi } from "vitest";
import { pageTitle, resolveHead } from "../../components/head.ts";
import { themeScript } from "../../components/theme-script.ts";
import site from "../../content/site.yaml";
import { contentSecurityPolicy, sha256Source } from "../../engine/outputs/csp.ts";

const { company, seoDefaults } = site;

describe("pageTitle", () => {
  test("appends the company unless the title names it", () => {
    expect(pageTitle("Contact Us")).toBe(`Contact Us | ${company.name}`);
    expect(pageTitle(`${company.name} | Home`)).toBe(`${company.name} | Home`);
  });
});

describe("resolveHead", () => {
  const site = { siteUrl: "https://cedarline.test", defaultImage: "/images/hero-social.jpg" };
  test("a page that leaves out its description and keywords gets the site's defaults", () => {
    const head = resolveHead({ title: "Somewhere" }, "/somewhere", site);
    expect(head.description).toBe(seoDefaults.description);
    expect(head.keywords).toBe(seoDefaults.keywords.join(", "));
  });
  test("a page's own description wins", () => {
    const description = "A page that says what it is about in one sentence of its own.";
    expect(resolveHead({ title: "Somewhere", description }, "/somewhere", site).description).toBe(description);
  });
});

describe("contentSecurityPolicy", () => {
  test("hashes inline scripts and styles, and never allows unsafe-inline", () => {
    const css = "body{margin:0}";
    const csp = contentSecurityPolicy({ crm: null, gaMeasurementId: null, clarityProjectId: null }, [themeScript], [css]);
    expect(csp).toContain(`script-src 'self' ${sha256Source(themeScript)}`);
    expect(csp).toContain(`style-src 'self' ${sha256Source(css)};`);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain("googletagmanager");
  });

  test("opens only what is configured", () => {
    const csp = contentSecurityPolicy(
      {
        crm: { origin: "https://api.hsforms.com", portalId: "1", contactFormId: "c", downloadFormId: "d" },
        gaMeasurementId: "G-ABC123",
        clarityProjectId: "abc123",
      },
      [],
      [],
    );
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.hsforms\.com/);
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/www\.clarity\.ms/);
  });
});

describe("the head theme script (the stored choice, else the system preference)", () => {
  const run = (stored: string | null, prefersDark: boolean) => {
    document.documentElement.className = "";
    localStorage.clear();
    if (stored) localStorage.setItem("theme", stored);
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: prefersDark && query === "(prefers-color-scheme: dark)" }));
    new Function(themeScript)();
    return document.documentElement.className;
  };
  beforeEach(() => vi.unstubAllGlobals());

  test("the stored preference wins", () => {
    expect(run("dark", false)).toBe("dark js");
    expect(run("light", true)).toBe("light js");
  });
  test("else dark when the system prefers dark", () => expect(run(null, true)).toBe("dark js"));
  test("else light", () => expect(run(null, false)).toBe("light js"));
  test("a junk stored value is ignored", () => expect(run("purple", false)).toBe("light js"));
});
