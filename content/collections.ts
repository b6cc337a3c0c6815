// Every collection of the firm's content, declared once: the file (or folder of files) it lives in and
// the zod schema its entries must meet. The build and every dev save check each file against its schema
// (engine/content/modules.ts), the pages' types are derived from it (content/imports.d.ts), and each field's
// `hint` is what an error tells the person who edited the file to write instead.
import { z } from "zod";
import type { Block } from "../engine/content/markdown.ts";

/** What a field holds and the advice to whoever edits it: an error says the value found "is not <what>;
 * <hint>", e.g. `price: "75k" is not a number of US dollars; write 75000`. `help`: what the CMS's form
 * says under the field, where the hint speaks of the file (what the field does, in the form's words). */
const field = <T extends z.ZodType>(schema: T, what: string, hint: string, help?: string): T => schema.meta({ what, hint, ...(help ? { help } : {}) });

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
 * address from the project's folder ("art/hero.svg") and the size it is seen at (engine/media/image-modules.ts).
 * The images step encodes it and <Picture> finds its files by `src`. */
export interface ImageFile {
  src: string;
  width: number;
  height: number;
}

/** An image a content file names: its file and what it shows. Its size is read from the file and the file
 * becomes an input of the page bundle (engine/content/modules.ts), so the build encodes it. `decorative`: the image
 * adds nothing a reader needs (a background), so its `alt` may be left empty; every other image must say
 * what it shows. */
export const image = ({ decorative = false } = {}) =>
  z
    .strictObject({
      // No "..", so no path leads out of the project. Not held to art/ here: the CMS checks a new upload's
      // file name with this pattern (city-college.jpg) before it names the file in art/photos/.
      src: field(
        z.string().regex(/^(?!.*\.\.)[\w-][\w./-]*\.(jpe?g|png|webp|svg)$/i),
        "an image file",
        "write the path of a JPEG, PNG, WebP or SVG file in the project's art/ folder, such as art/photos/founder.jpg",
        "choose a photograph, or upload one: a JPEG, PNG, WebP or SVG file whose name has no spaces",
      ),
      alt: decorative ? z.string().trim().default("") : text("what the image shows, for a visitor who cannot see it"),
    })
    // Read from the file once the data has passed (engine/content/modules.ts), so the schema stays one of the data.
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
  price: field(z.int().positive(), "a number of US dollars", "write 75000", "what the package costs in US dollars: type 75000, 75,000 or $75k"),
  weeks: field(z.int().positive(), "a number of weeks", "write how many weeks it takes, such as 12", "how many weeks the package takes, such as 12"),
  description: text("a sentence or two"),
  results: z.tuple([text("a result"), text("a result"), text("a result")]),
  featured: field(z.boolean(), "true or false", "write true or false", "switch on to show this package with a Featured badge and a primary button"),
});

export const services = z.strictObject({
  intro: z.strictObject({ heading: text("a heading"), text: text("a sentence or two") }),
  packages: z.array(servicePackage).min(1),
  cta: z.strictObject({ heading: text("a heading"), text: text("a sentence or two"), cta: text("the button's words") }),
});

/** The address a host hears for a site path: Netlify folds a trailing slash (/work/ is /work) and nginx
 * repeated slashes (//work is /work), so two paths the same here are one address to some host. */
export const hostAddress = (path: string) => path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");

/** Old or alternative addresses and where they go; every host's recipe is generated from this list. Two
 * from one address would give nginx two locations (which it refuses) and the other hosts a target each
 * picks its own way, so the second is refused, with the first's line (`alsoAt`). */
export const redirects = z
  .array(
    z.strictObject({
      /** A site path that has no page of its own, e.g. "/work". */
      from: sitePath,
      /** The route it leads to, in the exact form the site serves it. */
      to: sitePath,
      /** 301 for a move that is for good; 302 while it may change. */
      status: field(z.union([z.literal(301), z.literal(302)]), "a redirect's status", "write 301 for a move for good, 302 for one that may change"),
    }),
  )
  .superRefine((list, context) => {
    const first = new Map<string, number>();
    list.forEach(({ from }, i) => {
      const earlier = first.get(hostAddress(from));
      if (earlier === undefined) first.set(hostAddress(from), i);
      else context.addIssue({ code: "custom", path: [i], message: `both lead from ${hostAddress(from)}; keep one`, params: { alsoAt: [earlier] } });
    });
  });

/** The text of a Markdown file below its fields (engine/content/markdown-reader.ts reads it into headings, paragraphs
 * and lists); `what` is what to write there when it is empty. */
const markdown = (what: string) => z.array(z.custom<Block>()).refine((blocks) => blocks.length > 0, `the text below the fields is empty; write ${what} there`);

/** A Markdown text told in sections, each under a ## heading: the policies, whose sections are numbered. */
const sections = (what: string) =>
  markdown(what).refine(
    (blocks) => "heading" in blocks[0] && blocks[0].heading === 2,
    // Reported at the first block, so the message names its line.
    { message: "the text begins before its first ## heading; start it with one, such as ## Who We Are", path: [0] },
  );

/** A role, a degree or an area of expertise on the bio page. */
const bioEntry = z.strictObject({
  title: text("a title"),
  detail: text('the short line under the title, such as "Pathwise Learning · 2016–2021"'),
  description: text("a sentence or two"),
});

/** What an Article and a Whitepaper both say of themselves. */
const publicationFacts = {
  title: text("the publication's title"),
  /** Where it appeared: the publication for an article, the publishing organisation for a whitepaper. */
  outlet: text("where it appeared"),
  /** The year and month, as <time datetime> and the structured data want it; the page shows "March 2025". */
  published: field(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), "a year and month", "write one such as 2025-03"),
};
const publicationKind = (kind: "Article" | "Whitepaper") =>
  field(z.literal(kind), "a kind of publication", "write Article, or Whitepaper for a report published as a PDF");

/** One of the founder's publications: an article links to its page; a whitepaper is a report an
 * organisation publishes, and links to its PDF. */
const publication = z.discriminatedUnion("kind", [
  z.strictObject({ kind: publicationKind("Article"), ...publicationFacts, url }),
  z.strictObject({
    kind: publicationKind("Whitepaper"),
    ...publicationFacts,
    url: field(
      z.templateLiteral(["https://", z.string(), ".pdf"]).refine((address) => URL.canParse(address)),
      "the address of a PDF",
      "write a full address starting with https:// and ending in .pdf",
    ),
  }),
]);

/** The founder's bio (/bio): its tabs' lists as fields, the background as the text below them. */
export const bio = z.strictObject({
  expertise: z.array(bioEntry).min(1),
  experience: z.array(bioEntry).min(1),
  education: z.array(bioEntry).min(1),
  publications: z.array(publication).min(1),
  body: markdown("the founder's background"),
});

/** A legal page: one or two sentences under its title (site.policyTitles), then its numbered sections. */
export const policy = z.strictObject({
  intro: text("one or two sentences"),
  body: sections("the policy's sections"),
});

/** The privacy policy states what this build does: which of the two sentences of `beforeChoosing` it
 * says depends on the build's CONSENT_DEFAULT setting, and its page fills it in (privacyFacts). */
export const privacy = policy.extend({
  beforeChoosing: z.strictObject({
    denied: text("what the analytics tools store before a visitor chooses, when they may store nothing"),
    granted: text("what the analytics tools store before a visitor chooses, when they may set cookies"),
  }),
});

/** The facts of the build that the privacy policy's text names and its page fills in as it renders
 * ({{ storage.consentKey }}): they are settings and constants of the code (shared/), not copy. */
export const privacyFacts = z.strictObject({
  consent: z.strictObject({ beforeChoosing: z.string() }),
  storage: z.strictObject({ consentKey: z.string(), contactDraftKey: z.string() }),
});

/** A heading and a sentence or two. */
const headed = z.strictObject({ heading: text("a heading"), text: text("a sentence or two") });
const paragraphs = z.array(text("a paragraph")).min(1);
/** A figure the firm stands behind, such as 99.999% uptime. */
const figure = { value: text('a figure, such as "99.999%"'), label: text("what it measures") };

export const home = z.strictObject({
  hero: z.strictObject({
    eyebrow: text("a short line above the headline"),
    headline: text("a headline"),
    tagline: text("a sentence or two"),
    productLine: text("a sentence"),
    newsletterLine: text("a sentence"),
    newsletterLink: text("the link's words"),
    cta: text("the button's words"),
  }),
  about: z.strictObject({ heading: text("a heading"), paragraphs, stats: z.array(z.strictObject(figure)).min(1) }),
  services: z.strictObject({
    heading: text("a heading"),
    intro: text("a sentence or two"),
    areas: z.array(z.strictObject({ title: text("a title"), summary: text("a sentence or two"), points: z.array(text("a point")).min(1) })).min(1),
  }),
  clientLogosHeading: text("a heading"),
  caseStudies: z.strictObject({
    heading: text("a heading"),
    latest: z.strictObject({ label: text("a word or two"), title: text("a title"), studyLinkText: text("the link's words") }),
    framework: z.strictObject({ label: text("a word or two"), title: text("a title"), text: text("a sentence or two"), linkText: text("the link's words") }),
  }),
});

export const about = z.strictObject({
  intro: z.strictObject({ heading: text("a heading"), paragraphs, bioLinkText: text("the link's words") }),
  builtDifferent: z.strictObject({
    heading: text("a heading"),
    intro: text("a sentence or two"),
    claims: z.array(z.strictObject({ ...figure, text: text("a sentence or two") })).min(1),
    alliance: headed,
    testimonial: z.strictObject({
      quote: text("what the client said"),
      name: text("the client's name"),
      role: text("the client's role"),
      organization: text("the client's organization"),
    }),
  }),
  vision: z.strictObject({
    heading: text("a heading"),
    intro: text("a sentence or two"),
    goals: z.array(z.strictObject({ title: text("a goal"), text: text("a sentence") })).min(1),
    ctaText: text("the button's words"),
  }),
});

export const contact = z.strictObject({
  intro: headed,
  approach: z.strictObject({ heading: text("a heading"), paragraphs }),
  newsletterPromo: z.strictObject({ heading: text("a heading"), text: text("a sentence or two"), linkText: text("the link's words") }),
  responseTime: z.strictObject({
    heading: text("a heading"),
    /** When a visitor hears back: the page and its description in search results both say it. */
    promise: text('a sentence without its full stop, such as "We typically respond within 1-2 business days"'),
    text: text("a sentence or two after the promise"),
  }),
});

/** A day written YYYY-MM-DD that exists on the calendar. */
const day = field(
  z.string().refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
  }),
  "a day",
  "write it as YYYY-MM-DD, such as 2026-11-24",
);

/** A field's schema with the words of its own under it in the form (a day the study goes live). */
const withHelp = <T extends z.ZodType>(schema: T, help: string): T => schema.meta({ ...schema.meta(), help }) as T;

/** A Markdown body's blocks (engine/content/markdown.ts), as engine/content/markdown-reader.ts reads them. */
const blocks = z.array(z.custom<Block>());

/** The characters the studies' PDFs can print: their standard fonts hold Windows-1252 only. */
const WINDOWS_1252_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const unprintable = (text: string) =>
  [...text].find((char) => !(char >= " " && char <= "~") && !(char >= "\u00a0" && char <= "\u00ff") && !WINDOWS_1252_EXTRAS.includes(char));
/** Every text within a value (a body's blocks, a list), one after another. */
const textsOf = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textsOf).join(" ");
  return value && typeof value === "object" ? Object.values(value).map(textsOf).join(" ") : "";
};
const printable = <T extends z.ZodType>(schema: T) =>
  schema.superRefine((value, context) => {
    const char = unprintable(textsOf(value));
    if (char)
      context.addIssue({
        code: "custom",
        message: `holds "${char}", which the study's PDF cannot print (its fonts hold Windows-1252 only); write it another way`,
        params: { char },
      });
  });

/** A search result shows about this many characters of a description, and cuts a longer one wherever it likes. */
const SUMMARY_LIMIT = 160;
/** A description shorter than this leaves most of a search result's room unused: advice, not an error. */
const SUMMARY_ADVISED = 70;

/** When an entry of a folder is on the site: a draft only in the dev server (marked so on its page), a
 * dated one from its publishAt day until before its expiresAt day, as the build's day (BUILD_DATE) says. */
const publishing = {
  draft: field(
    z.boolean(),
    "true or false",
    "write true to keep it a draft, or remove the line to publish it",
    "switch on to keep this study off the site (the dev server still shows it, marked as a draft)",
  ).default(false),
  /** The first day a build shows the entry. */
  publishAt: withHelp(day, "the first day the study is on the site (YYYY-MM-DD); leave empty to publish it with the next build").optional(),
  /** The first day a build no longer shows it. */
  expiresAt: withHelp(day, "the first day the study is no longer on the site (YYYY-MM-DD); leave empty to keep it").optional(),
};

/** One engagement: content/case-studies/<slug>.md, its page /case-studies/<slug>. */
export const caseStudy = z.strictObject({
  title: printable(text("the study's title")),
  subtitle: printable(text('the client and the kind of work, such as "Jobs for the Future · workforce innovation incubator"')),
  summary: field(
    z
      .string()
      .trim()
      .min(1)
      .max(SUMMARY_LIMIT)
      .regex(/[.!?]$/),
    `whole sentences of at most ${SUMMARY_LIMIT} characters`,
    `write one or two sentences for search results and link previews, ending with a full stop (${SUMMARY_LIMIT} characters at most: a result cuts the rest)`,
  ).meta({
    advise: (value: string) =>
      value.length < SUMMARY_ADVISED
        ? `is ${value.length} characters; a search result shows about ${SUMMARY_LIMIT}, so say a little more of what the engagement achieved`
        : undefined,
  }),
  /** The day the study's page was first published: its Article's datePublished. */
  published: withHelp(day, "the day the study was first published, as YYYY-MM-DD, such as 2026-11-24"),
  /** Its place in the list: 1 first. */
  order: field(
    z.int().positive(),
    "a place in the list",
    "write 1 for the first study, 2 for the next, and so on",
    "its place in the list of studies: 1 first, 2 next, and so on",
  ),
  /** The study shown first, with its own badge; it links to its product's site. */
  featured: field(z.boolean(), "true or false", "write true or false", "switch on to show this study first, with its own badge").default(false),
  /** Where a study about a product of the firm's own links to (its site); without it, the study prints to a PDF. */
  link: withHelp(url, "the product's own site, for a study of a product of the firm's: its page links there. A study with a link has no PDF").optional(),
  /** A photograph of the engagement, shown on the study's page under its heading. */
  cover: image()
    .meta({ ...image().meta(), help: "a photograph of the engagement, shown on the study's page under its heading" })
    .optional(),
  ...publishing,
  body: z.strictObject({
    challenge: printable(blocks.min(1)),
    solution: printable(blocks.min(1)),
    results: printable(
      field(
        z.tuple([z.custom<Extract<Block, { list: unknown }>>((block) => typeof block === "object" && block !== null && "list" in block)]),
        "a list",
        "write each result on a line of its own starting with - under ## Results",
      ),
    ),
  }),
});

/** Each folder whose Markdown files are a collection's entries, each entry's schema and the field that
 * orders them; a file's name (without .md) is its entry's slug. */
export const folders: Record<string, { entry: z.ZodType; orderBy: string }> = {
  "content/case-studies": { entry: caseStudy, orderBy: "order" },
};

/** Each content file and the schema it meets. A file not named here is not content. */
export const collections = {
  "content/site.yaml": site,
  "content/services.yaml": services,
  "content/redirects.yaml": redirects,
  "content/home.yaml": home,
  "content/about.yaml": about,
  "content/contact.yaml": contact,
  "content/bio.md": bio,
  "content/privacy.md": privacy,
  "content/terms.md": policy,
} as const;

/** The content files whose text names facts of the build besides the site's, as tokens its page fills
 * in as it renders, and the schema of those facts: engine/content/modules.ts accepts exactly these tokens in the
 * file (and in no other), and the page's type says what it must fill. */
export const pageFacts = {
  "content/privacy.md": privacyFacts,
} as const;

export type Site = z.output<typeof site>;
export type Services = z.output<typeof services>;
export type ServicePackage = Services["packages"][number];
export type Redirect = z.output<typeof redirects>[number];
export type NavLink = Site["navigation"][number];
export type ClientLogo = Site["clientLogos"]["home"][number];
export type Home = z.output<typeof home>;
export type About = z.output<typeof about>;
export type Contact = z.output<typeof contact>;
export type Bio = z.output<typeof bio>;
export type BioEntry = Bio["experience"][number];
export type Publication = Bio["publications"][number];
export type Policy = z.output<typeof policy>;
export type Privacy = z.output<typeof privacy>;
export type PrivacyFacts = z.output<typeof privacyFacts>;
/** A case study as its pages read it: its file's name is its slug. */
export type CaseStudy = z.output<typeof caseStudy> & Entry;

/** What every entry of a folder has beside its fields: its slug (its file's name), and in the dev server
 * why an entry a build leaves out is not published ("a draft"), shown on its page. */
export interface Entry {
  slug: string;
  unpublished?: string;
}
