// The firm's facts in one place. Renaming the company is a one-line change here.

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

/** The address the site is served from when SITE_URL is not set (see build/config.ts). */
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

export const social = {
  linkedin: "https://www.linkedin.com/company/cedarline-advisory",
  twitter: "https://twitter.com/cedarlineadv",
} as const;
