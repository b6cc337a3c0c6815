// A social card's layout, drawn by satori into SVG with its text as paths, in the image encoder's
// process (engine/media/image-encoder.mjs): satori, its layout engine and the fonts load there, on the other
// core, not in the build's main thread. Plain JavaScript (typed by JSDoc), as the encoder runs without
// tsx's loader. Inter comes from @fontsource/inter: the font travels with the package, so a card is the
// same bytes on every machine.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/** @typedef {{ title: string; section: string; brand: string; host: string }} Card what a card shows */
/** @typedef {{ type: string; props: { style?: Record<string, unknown>; children?: (Node | string)[] | Node | string } }} Node */

const require = createRequire(import.meta.url);

/** The font files a card is drawn with, by weight. */
export const FONT_FILES = /** @type {const} */ ([400, 700, 800]).map((weight) => ({
  weight,
  file: require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`),
}));

/** satori's version: a new satori may draw differently. */
export const satoriVersion = () => String(require("satori/package.json").version);

/**
 * @param {Record<string, unknown>} style
 * @param {...(Node | string)} children
 * @returns {Node}
 */
const box = (style, ...children) => ({ type: "div", props: { style: { display: "flex", ...style }, children } });

/**
 * The card's layout: the brand at the top, the section and the title in the middle, the host below.
 * @param {Card} card
 * @returns {Node}
 */
function layout(card) {
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

/** satori and the fonts, loaded at the first card. @type {Promise<[typeof import("satori").default, import("satori").SatoriOptions["fonts"]]> | undefined} */
let loaded;

/**
 * The card as SVG, its text as paths.
 * @param {Card} card
 * @param {{ width: number; height: number }} size
 * @returns {Promise<string>}
 */
export async function cardSvg(card, { width, height }) {
  loaded ??= Promise.all([
    import("satori").then((module) => module.default),
    Promise.all(FONT_FILES.map(async ({ weight, file }) => ({ name: "Inter", data: await readFile(file), weight, style: /** @type {const} */ ("normal") }))),
  ]);
  const [satori, fonts] = await loaded;
  return satori(/** @type {never} */ (layout(card)), { width, height, fonts });
}
