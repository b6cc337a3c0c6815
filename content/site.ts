// The firm's facts in one place. Renaming the company is a one-line change here.
import type { ClientLogo } from "./types.ts";

export const company = {
  name: "Cedarline Advisory",
  legalName: "Cedarline Advisory LLC",
  founder: "Jordan Ellery",
  founderRole: "Founder & Principal",
  tagline: "Strategy, AI products and transformation for organizations that change lives.",
  email: "hello@cedarlineadvisory.com",
  location: "Washington, DC",
  foundingYear: 2021,
} as const;

/** The address the site is served from when SITE_URL is not set (see steps/config.ts). */
export const defaultSiteUrl = "https://cedarlineadvisory.com";

export const newsletter = {
  name: "Claude Code for Non-Coders",
  url: "https://claudecodefornoncoders.substack.com",
  cadence: "weekly",
} as const;

/** The memory product the firm launched: the featured case study and the home page's Latest card. */
export const memoryProduct = {
  name: "Local Memory",
  url: "https://localmemory.co",
} as const;

/** A call to action that leaves the site for a product's own site names where it goes: "Visit localmemory.co". */
export function visitLabel(url: string): string {
  return `Visit ${new URL(url).hostname}`;
}

export const social = {
  linkedin: "https://www.linkedin.com/company/cedarline-advisory",
  twitter: "https://twitter.com/cedarlineadv",
} as const;

/** The policies' names: their pages' titles and headings, and their links in every page's footer. Here,
 * not in the policies' own files, which only their pages show: a page is dated and rendered again by
 * the files it is made from (steps/lastmod.ts), and every page's footer is made from this one. */
export const privacyPolicyTitle = "Privacy Policy";
export const termsTitle = "Terms & Conditions";

/** Used wherever a page leaves its own metadata out. */
export const seoDefaults = {
  title: `${company.name} | AI Product Development & Strategic Advisory`,
  description:
    "Strategic technology advisory for education technology, public sector, nonprofit and workforce leaders: AI product development, cloud and digital transformation, strategic advisory and innovation incubation.",
  keywords: [
    "AI product development",
    "strategic technology advisory",
    "digital transformation",
    "cloud transformation",
    "innovation incubation",
    "education technology consulting",
    "workforce development",
    "nonprofit technology",
  ],
} as const;

export interface NavLink {
  label: string;
  href: string;
}

/** The header's links, in order. */
export const navigation: NavLink[] = [
  { label: "Home", href: "/" },
  { label: "Services", href: "/services" },
  { label: "Work", href: "/case-studies" },
  { label: "Bio", href: "/bio" },
  { label: "Contact", href: "/contact" },
];

export const insightsLink: NavLink = { label: "Insights", href: newsletter.url };

/** Home page strip, "Trusted by leaders and innovators". */
export const homeClientLogos: ClientLogo[] = [
  { name: "JFFLabs", file: "jfflabs" },
  { name: "EQOS", file: "eqos" },
  { name: "ASA Center for Career Navigation", file: "asa" },
];

/** Case studies strip, "Trusted by Leading Innovation, Edtech, and Nonprofit Organizations": clients the
 * studies above it name (the veterans study keeps its client's name to itself, so its logo is not here). */
export const caseStudyClientLogos: ClientLogo[] = homeClientLogos;
