// A social card for every page: the 1200×630 image a link to it shows in LinkedIn, Slack or an e-mail,
// with the page's title, its section and the brand. satori lays the card out and turns its text into
// paths with Inter from @fontsource/inter (the font travels with the package, so the card is the same
// bytes on every machine), and the image encoder (steps/image-encoder.mjs, a process of its own) makes it
// a palette PNG, while the pages are rendered and written.
// Each card is cached by everything it is made from: a build makes a card again only when its page's
// title or section, the brand, the host, the font, satori or this file (its layout) changed.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PageMeta } from "../components/head.ts";
import { sectionLabel } from "../components/structured-data.ts";
import { company } from "../content/site.ts";
import { cached, cacheKey } from "./cache.ts";
import { type Encoder, encoderVersion, SOCIAL_CARD } from "./images.ts";

/** This file: an edit to the layout below makes every card again. */
const THIS_FILE = fileURLToPath(import.meta.url);

export interface CardPage {
  route: string;
  meta: PageMeta;
}

/** What a card shows. */
export interface Card {
  title: string;
  section: string;
  brand: string;
  host: string;
}

/** The section a page belongs to: its meta's, else its folder as the header names it ("Work" for a case study). */
function sectionOf(route: string, meta: PageMeta): string {
  return meta.section ?? sectionLabel(`/${route.split("/")[1] ?? ""}`);
}

/** The page's title as its card shows it, under the brand: without the company's name ("Cedarline Advisory | …"). */
function cardTitle(title: string): string {
  return title.replace(new RegExp(`^${company.name}\\s*[|:–-]\\s*`), "").replace(new RegExp(`\\s*[|:–-]\\s*${company.name}$`), "");
}

/** The card's alternative text, for og:image:alt and twitter:image:alt. */
function cardAlt(card: Card): string {
  return `${card.section}: ${card.title}. ${card.brand}`;
}

const require = createRequire(import.meta.url);
const fontFile = (weight: number) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
const satoriVersion = () => String((require("satori/package.json") as { version: string }).version);

type Node = { type: string; props: { style?: Record<string, unknown>; children?: (Node | string)[] | Node | string } };
const box = (style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type: "div",
  props: { style: { display: "flex", ...style }, children },
});

/** The card's layout: the brand at the top, the section and the title in the middle, the host below. */
function layout(card: Card): Node {
  const long = card.title.length > 48;
  return box(
    {
      width: "100%",
      height: "100%",
      boxSizing: "border-box",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "72px 80px",
      background: "#0b4f49",
      color: "#ffffff",
      fontFamily: "Inter",
    },
    box(
      { alignItems: "center", gap: "20px", fontSize: "34px", fontWeight: 800 },
      box({ width: "48px", height: "48px", borderRadius: "10px", background: "#14b8a6" }),
      card.brand,
    ),
    box(
      { flexDirection: "column", gap: "24px" },
      box({ fontSize: "30px", fontWeight: 700, letterSpacing: "0.08em", textTransform: "uppercase", color: "#fcd34d" }, card.section),
      box({ fontSize: long ? "60px" : "76px", fontWeight: 800, lineHeight: 1.1, maxWidth: "1000px" }, card.title),
    ),
    box(
      { alignItems: "center", justifyContent: "space-between", fontSize: "28px", fontWeight: 400, color: "#99f6e4" },
      box({}, card.host),
      box({ width: "160px", height: "8px", background: "#fcd34d" }),
    ),
  );
}

/** The card as SVG, its text as paths. */
async function cardSvg(card: Card, fonts: { name: string; data: Buffer; weight: 400 | 700 | 800; style: "normal" }[]): Promise<string> {
  const { default: satori } = await import("satori");
  return satori(layout(card) as never, { width: SOCIAL_CARD.width, height: SOCIAL_CARD.height, fonts });
}

/** The cards of a build: where each page's will be (known at once, from what it shows), and when all are written. */
export interface SocialCards {
  /** Each page's card by route: its site path, and what it shows (its alternative text). */
  byRoute: Record<string, { path: string; alt: string }>;
  /** Resolves once every card is in the output folder (made, or taken from the cache). */
  written: Promise<void>;
}

/**
 * Each page's card, written to images/card-<page>.<key>.png, the key being the hash of everything the card
 * is made from: its address is known before it is drawn, so the pages are written while the cards are made
 * (the PNGs in the image encoder's process, on the other core) and the build waits for them only at its end.
 */
export async function buildSocialCards(pages: CardPage[], siteUrl: string, outDir: string, encoder: Encoder): Promise<SocialCards> {
  const fonts = await Promise.all(([400, 700, 800] as const).map(async (weight) => ({ weight, data: await readFile(fontFile(weight)) })));
  const [layoutSource, encoding] = await Promise.all([readFile(THIS_FILE), encoderVersion]);
  const host = new URL(siteUrl).host;
  const cards = pages
    .filter((page) => page.meta.socialCard !== false)
    .map(({ route, meta }) => {
      const card: Card = { title: cardTitle(meta.title), section: sectionOf(route, meta), brand: company.name, host };
      const key = cacheKey("social-card", layoutSource, satoriVersion(), encoding, ...fonts.map((font) => font.data), JSON.stringify(card));
      const name = route === "/" ? "home" : route.slice(1).replaceAll("/", "-");
      return { route, card, key, file: `images/card-${name}.${key.slice(0, 12)}.png` };
    });
  const write = async () => {
    await mkdir(join(outDir, "images"), { recursive: true });
    const { width } = SOCIAL_CARD;
    const faces = fonts.map(({ weight, data }) => ({ name: "Inter", data, weight, style: "normal" as const }));
    await Promise.all(
      cards.map(async ({ route, card, key, file }) => {
        const png = await cached("images", key, "png", async () =>
          encoder.encode({
            name: `the social card of ${route}`,
            svg: Buffer.from(await cardSvg(card, faces)),
            density: 72,
            resize: { width },
            format: "png",
            quality: 0,
          }),
        );
        await writeFile(join(outDir, file), png);
      }),
    );
  };
  const written = write();
  // A failure is reported where the build awaits it, at its end; until then it is not an unhandled rejection.
  written.catch(() => {});
  return { byRoute: Object.fromEntries(cards.map(({ route, card, file }) => [route, { path: `/${file}`, alt: cardAlt(card) }])), written };
}
