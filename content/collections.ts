// Every collection of the firm's content, declared once: the file (or folder of files) it lives in and
// the zod schema its entries must meet. The build and every dev save check each file against its schema
// (steps/content.ts), the pages' types are derived from it (content/modules.d.ts), and each field's
// `hint` is what an error tells the person who edited the file to write instead.
import { z } from "zod";

/** What a field holds and the advice to whoever edits it: an error says the value found "is not <what>;
 * <hint>", e.g. `price: "75k" is not a number of US dollars; write 75000`. */
const field = <T extends z.ZodType>(schema: T, what: string, hint: string): T => schema.meta({ what, hint });

/** Text a visitor reads. It may name the site's facts as tokens, e.g. {{ company.name }}. */
const text = (what = "some text") => field(z.string().trim().min(1), "text", `write ${what}`);
const url = field(z.url({ protocol: /^https$/ }), "a web address", "write a full address starting with https://");
/** A path on this site: "/case-studies". */
const sitePath = field(z.string().regex(/^\/[a-z0-9/-]*$/), "a path on this site", 'write one such as "/case-studies"');
const link = z.strictObject({
  label: text("the link's words"),
  href: field(z.union([sitePath, url]), "a link", 'write a path on this site, such as "/case-studies", or a full address starting with https://'),
});

/** An image as a page receives it, whether the page imports its file or a content file names it: its
 * address from the project's folder ("art/hero.svg") and the size it is seen at (steps/image-modules.ts).
 * The images step encodes it and <Picture> finds its files by `src`. */
export interface ImageFile {
  src: string;
  width: number;
  height: number;
}

/** An image a content file names: its file and what it shows. Its size is read from the file and the file
 * becomes an input of the page bundle (steps/content.ts), so the build encodes it. `decorative`: the image
 * adds nothing a reader needs (a background), so its `alt` may be left empty; every other image must say
 * what it shows. */
export const image = ({ decorative = false } = {}) =>
  z
    .strictObject({
      src: field(
        z.string().regex(/^(?!.*\.\.)[\w-][\w./-]*\.(jpe?g|png|webp|svg)$/i),
        "an image file",
        "write the path of a JPEG, PNG, WebP or SVG file from the project's folder, such as art/photos/founder.jpg",
      ),
      alt: decorative ? z.string().trim().default("") : text("what the image shows, for a visitor who cannot see it"),
    })
    // Read from the file once the data has passed (steps/content.ts), so the schema stays one of the data.
    .transform((value) => value as typeof value & Omit<ImageFile, "src">)
    .meta({ image: true, what: "an image", hint: "write its file under it as src: and what it shows as alt:" });

/** A client logo: public/logos/<file>.svg, inlined so it follows the theme's colours. */
const clientLogo = z.strictObject({
  name: text("the client's name"),
  file: field(z.string().regex(/^[a-z0-9-]+$/), "a logo's file name", "write the logo's file name in public/logos/ without .svg, such as jfflabs"),
});

/** The firm's facts: every page reads them, and any text may name them as {{ company.name }} and so on. */
export const site = z.strictObject({
  company: z.strictObject({
    name: text("the firm's name"),
    legalName: text("the firm's legal name"),
    founder: text("the founder's full name"),
    founderFirstName: text("the founder's first name"),
    founderRole: text("the founder's role"),
    tagline: text("one sentence"),
    email: field(z.email(), "an email address", "write one such as hello@example.com"),
    location: text("a city"),
    foundingYear: field(z.int().min(1900).max(2100), "a year", "write one such as 2021"),
  }),
  /** The address the site is served from when SITE_URL is not set. */
  siteUrl: url,
  newsletter: z.strictObject({ name: text("the newsletter's name"), url, cadence: text('how often it comes out, such as "weekly"') }),
  /** The memory product the firm launched: the featured case study and the home page's Latest card. */
  memoryProduct: z.strictObject({ name: text("the product's name"), url }),
  social: z.strictObject({ linkedin: url, twitter: url }),
  /** The policies' names: their pages' titles and headings, and their links in every page's footer. */
  policyTitles: z.strictObject({ privacy: text("the privacy policy's title"), terms: text("the terms' title") }),
  /** Used wherever a page leaves its own metadata out. */
  seoDefaults: z.strictObject({
    title: text("the title search results show"),
    description: text("one or two sentences for search results"),
    keywords: z.array(text("a keyword")).min(1),
    /** The image a link to a page shows where the page has no social card of its own, cropped to 1200×630. */
    image: image(),
  }),
  /** The header's links, in order. */
  navigation: z.array(link).min(1),
  insightsLink: link,
  /** The logo strips: the home page's, and the case studies page's (clients the studies name). */
  clientLogos: z.strictObject({ home: z.array(clientLogo), caseStudies: z.array(clientLogo) }),
  /** The call to action that closes the home page and each case study, sending a visitor to /contact. */
  closingCta: z.strictObject({ heading: text("a heading"), text: text("a sentence or two"), cta: text("the button's words") }),
});

/** One of the three priced packages on /services. */
const servicePackage = z.strictObject({
  name: text("the package's name"),
  price: field(z.int().positive(), "a number of US dollars", "write 75000"),
  weeks: field(z.int().positive(), "a number of weeks", "write how many weeks it takes, such as 12"),
  description: text("a sentence or two"),
  results: z.tuple([text("a result"), text("a result"), text("a result")]),
  featured: field(z.boolean(), "true or false", "write true or false"),
});

export const services = z.strictObject({
  intro: z.strictObject({ heading: text("a heading"), text: text("a sentence or two") }),
  packages: z.array(servicePackage).min(1),
  cta: z.strictObject({ heading: text("a heading"), text: text("a sentence or two"), cta: text("the button's words") }),
});

/** Old or alternative addresses and where they go; every host's recipe is generated from this list. */
export const redirects = z.array(
  z.strictObject({
    /** A site path that has no page of its own, e.g. "/work". */
    from: sitePath,
    /** The route it leads to, in the exact form the site serves it. */
    to: sitePath,
    /** 301 for a move that is for good; 302 while it may change. */
    status: field(z.union([z.literal(301), z.literal(302)]), "a redirect's status", "write 301 for a move for good, 302 for one that may change"),
  }),
);

/** Each folder whose Markdown files are a collection's entries, each entry's schema and the field that
 * orders them; a file's name (without .md) is its entry's slug. */
export const folders: Record<string, { entry: z.ZodType; orderBy: string }> = {};

/** Each content file and the schema it meets. A file not named here is not content. */
export const collections = {
  "content/site.yaml": site,
  "content/services.yaml": services,
  "content/redirects.yaml": redirects,
} as const;

export type Site = z.output<typeof site>;
export type Services = z.output<typeof services>;
export type ServicePackage = Services["packages"][number];
export type Redirect = z.output<typeof redirects>[number];
export type NavLink = Site["navigation"][number];
export type ClientLogo = Site["clientLogos"]["home"][number];
