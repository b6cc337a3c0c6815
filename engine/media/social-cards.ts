// Each page's social card: the image a link to it shows, laid out by card-layout.mjs, made a PNG by the encoder.
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { writeIfChanged } from "../outputs/output.ts";
import type { Page } from "../pipeline/routes.ts";
import { keysSharing } from "../state/key.ts";
import { cached } from "../state/store.ts";
import { type Card, FONT_FILES, satoriVersion } from "./card-layout.mjs";
import { Encoder, encoderVersion } from "./encoder.ts";
import { SOCIAL_CARD } from "./images.ts";

const CARD_ENCODING = { density: 72, resize: SOCIAL_CARD, format: "png", quality: 0 } as const;
const LAYOUT_FILE = new URL("./card-layout.mjs", import.meta.url);

type CardPage = Pick<Page, "route" | "meta">;

/** `sectionLabel`: "Work" for /case-studies (components/structured-data.ts). */
export type CardLabels = { brand: string; sectionLabel: (path: string) => string };

/** Paths and alt texts known before drawing, which `draw` begins; `wanted`: the pages still name it (a dev save may not). */
export async function buildSocialCards(
  pages: CardPage[],
  labels: CardLabels,
  siteUrl: string,
  outDir: string,
  encoder: Encoder,
  { later = false, wanted = (_path: string): boolean => true } = {},
) {
  const [layout, encoderKey, ...fonts] = await Promise.all([readFile(LAYOUT_FILE), encoderVersion, ...FONT_FILES.map(({ file }) => readFile(file))]);
  const host = new URL(siteUrl).host;
  // What every card is made from, hashed once (the fonts are most of it).
  const cardKey = keysSharing("social-card", layout, satoriVersion(), encoderKey, ...fonts, JSON.stringify(CARD_ENCODING));
  const brand = new RegExp(`^${labels.brand}\\s*[|:–-]\\s*|\\s*[|:–-]\\s*${labels.brand}$`, "g");
  const cards = pages
    .filter((page) => page.meta.socialCard !== false)
    .map(({ route, meta }) => {
      // The title without the company's name, shown under it; the page's section, else its folder's.
      const section = meta.section ?? labels.sectionLabel(`/${route.split("/")[1] ?? ""}`);
      const card: Card = { title: meta.title.replace(brand, ""), section, brand: labels.brand, host };
      const key = cardKey(JSON.stringify(card));
      return { route, card, key, file: `images/card-${route === "/" ? "home" : route.slice(1).replaceAll("/", "-")}.${key.slice(0, 12)}.png` };
    });
  let draw = () => {};
  const begun = new Promise<void>((done) => (draw = done));
  const each = new Map(
    cards.map(({ route, card, key, file }) => [
      `/${file}`,
      begun.then(async () => {
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
  for (const writing of [written, ...each.values()]) writing.catch(() => {}); // reported where the build awaits it
  if (!later) draw();
  const byRoute = Object.fromEntries(cards.map(({ route, card, file }) => [route, { path: `/${file}`, alt: `${card.section}: ${card.title}. ${card.brand}` }]));
  return { byRoute, each, written, draw };
}

/** The dev server's: each run's cards are drawn after it, by their own low-priority encoder, held during the next run. */
export class DevCards {
  private cards: Awaited<ReturnType<typeof buildSocialCards>> | undefined;
  private readonly drawing = new Set<Encoder>();

  async make(pages: CardPage[], labels: CardLabels, siteUrl: string, outDir: string) {
    const own = new Encoder(true);
    const later = await buildSocialCards(pages, labels, siteUrl, outDir, own, { later: true, wanted: (path) => this.cards?.each.has(path) === true });
    this.drawing.add(own);
    later.written.finally(() => this.drawing.delete(own) && own.close()).catch(() => {});
    this.cards = later;
    return later;
  }

  hold(held: boolean): void {
    for (const encoder of this.drawing) encoder.hold(held);
    if (!held) this.cards?.draw();
  }

  written(path: string): Promise<void> | undefined {
    return this.cards?.each.get(path)?.catch(() => {});
  }
}
