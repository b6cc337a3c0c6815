// A social card for every page: the 1200×630 image a link to it shows in LinkedIn, Slack or an e-mail, with
// the page's title, its section and the brand, laid out (card-layout.mjs) and made a palette PNG by the image
// encoder while the pages are written. Each is cached by everything it is made from: a build makes a card
// again only when its title or section, the brand, the host, the font, satori, sharp or the layout changed.
import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { writeIfChanged } from "../outputs/output.ts";
import type { Page } from "../pipeline/routes.ts";
import { keysSharing } from "../state/key.ts";
import { cached } from "../state/store.ts";
import { type Card, FONT_FILES, satoriVersion } from "./card-layout.mjs";
import { Encoder, encoderVersion } from "./encoder.ts";
import { SOCIAL_CARD } from "./images.ts";

/** How the encoder makes a card: part of each card's key. */
const CARD_ENCODING = { density: 72, resize: SOCIAL_CARD, format: "png", quality: 0 } as const;

const LAYOUT_FILE = new URL("./card-layout.mjs", import.meta.url);

type CardPage = Pick<Page, "route" | "meta">;

/** What a card names besides its page, as the page bundle read them. */
export interface CardLabels {
  brand: string;
  /** "Work" for /case-studies (components/structured-data.ts). */
  sectionLabel: (path: string) => string;
}

/** The page's title as its card shows it, under the brand: without the company's name ("Cedarline Advisory | …"). */
function cardTitle(title: string, brand: string): string {
  return title.replace(new RegExp(`^${brand}\\s*[|:–-]\\s*`), "").replace(new RegExp(`\\s*[|:–-]\\s*${brand}$`), "");
}

/** The cards of a build: each page's card's site path and alternative text (og:image:alt), known before it
 * is drawn; each card's writing by its path; all of them written; and `draw`, which begins the drawing. */
export interface SocialCards {
  byRoute: Record<string, { path: string; alt: string }>;
  each: Map<string, Promise<void>>;
  written: Promise<void>;
  draw: () => void;
}

/**
 * Each page's card, written to images/card-<page>.<key>.png, the key the hash of everything it is made from,
 * so the pages are written while the cards are drawn (on the other core), and the build waits only at its end.
 * `later`: drawn once `draw` is called (the dev server draws a save's card after its page is patched).
 * `wanted`: whether a card's path is still one the pages name: the dev server's next save may name another
 * before this one is drawn, and then it is not drawn, or not left in the output folder.
 */
export async function buildSocialCards(
  pages: CardPage[],
  labels: CardLabels,
  siteUrl: string,
  outDir: string,
  encoder: Encoder,
  { later = false, wanted = (_path: string): boolean => true } = {},
): Promise<SocialCards> {
  const [layoutSource, encoderKey, ...fonts] = await Promise.all([readFile(LAYOUT_FILE), encoderVersion, ...FONT_FILES.map(({ file }) => readFile(file))]);
  const host = new URL(siteUrl).host;
  // What every card is made from, hashed once (the fonts are most of it), not once for each card.
  const cardKey = keysSharing("social-card", layoutSource, satoriVersion(), encoderKey, ...fonts, JSON.stringify(CARD_ENCODING));
  const cards = pages
    .filter((page) => page.meta.socialCard !== false)
    .map(({ route, meta }) => {
      // The section: the page's own, else its folder's as the header names it ("Work" for a case study).
      const section = meta.section ?? labels.sectionLabel(`/${route.split("/")[1] ?? ""}`);
      const card: Card = { title: cardTitle(meta.title, labels.brand), section, brand: labels.brand, host };
      const key = cardKey(JSON.stringify(card));
      const name = route === "/" ? "home" : route.slice(1).replaceAll("/", "-");
      return { route, card, key, file: `images/card-${name}.${key.slice(0, 12)}.png` };
    });
  let draw = () => {};
  const begun = new Promise<void>((done) => {
    draw = done;
  });
  const folder = begun.then(() => mkdir(join(outDir, "images"), { recursive: true }));
  const each = new Map(
    cards.map(({ route, card, key, file }) => [
      `/${file}`,
      folder.then(async () => {
        if (!wanted(`/${file}`)) return;
        const png = await cached("images", key, "png", async () => encoder.encode({ name: `the social card of ${route}`, card, ...CARD_ENCODING }));
        if (!wanted(`/${file}`)) return;
        await writeIfChanged(join(outDir, file), png);
        // Named no more while it was written: the run that stopped naming it may have looked for stale files already.
        if (!wanted(`/${file}`)) await rm(join(outDir, file), { force: true });
      }),
    ]),
  );
  const written = Promise.all(each.values()).then(() => {});
  // Reported where the build awaits it, at its end; until then not an unhandled rejection.
  for (const writing of [written, ...each.values()]) writing.catch(() => {});
  if (!later) draw();
  const byRoute = Object.fromEntries(cards.map(({ route, card, file }) => [route, { path: `/${file}`, alt: `${card.section}: ${card.title}. ${card.brand}` }]));
  return { byRoute, each, written, draw };
}

/** The dev server's cards: a save's page is patched without waiting for its card. Each run's cards are drawn
 * once it has ended, by an encoder of their own at the lowest priority, held while the next run is under way. */
export class DevCards {
  /** The cards as the last run named them. */
  private cards: SocialCards | undefined;
  /** The encoders still drawing. */
  private readonly drawing = new Set<Encoder>();

  async make(pages: CardPage[], labels: CardLabels, siteUrl: string, outDir: string): Promise<SocialCards> {
    const own = new Encoder(true);
    const wanted = (path: string) => this.cards?.each.has(path) === true;
    const later = await buildSocialCards(pages, labels, siteUrl, outDir, own, { later: true, wanted });
    this.drawing.add(own);
    later.written
      .finally(() => {
        own.close();
        this.drawing.delete(own);
      })
      .catch(() => {});
    this.cards = later;
    return later;
  }

  /** Holds the drawing while a run is under way; once released, the last run's cards are drawn. */
  hold(held: boolean): void {
    for (const encoder of this.drawing) encoder.hold(held);
    if (!held) this.cards?.draw();
  }

  /** The card at this site path: resolves once it is written (or failed); undefined for any other path. */
  written(path: string): Promise<void> | undefined {
    return this.cards?.each.get(path)?.catch(() => {});
  }
}
