// sharp in a process of its own, which steps/images.ts starts when its cache lacks an encoded image;
// the pipeline (build.ts) ends it once the images and the social cards are written. Rendering the
// SVGs (librsvg, fonts) and encoding them leaves ~85 MB of native memory that libvips never returns
// while its process lives: in the build's own process it stayed through the writing of every page,
// where the build's memory peaks. Plain JavaScript, so that the process starts without tsx's loader.
// Asked { id, name, art, svg, card, density, resize, format, quality }, it answers { id, bytes } or
// { id, error } (the error starting with `name`). `art` names an artwork whose raster is kept for its
// other sizes; a social card has none, and comes as `card`, what it shows, laid out here with satori
// (steps/card-layout.mjs, loaded at the first card). `format` is webp, jpeg, or png (a palette PNG,
// for the social cards).
import sharp from "sharp";

// The pipeline disconnects once it wants no more answers (all written, or its run failed): the encoder
// ends then, whatever it is still encoding. An answer sent after that would throw ERR_IPC_CHANNEL_CLOSED
// (an unhandled 'error' event, with its stack trace, in the build's output), so none is.
process.on("disconnect", () => process.exit());

/** Sends `message` to the pipeline while it is still listening. @param {{ id: number; bytes?: Buffer; error?: string }} message */
function answer(message) {
  if (process.connected) process.send?.(message);
}

/** Each artwork rasterised once, at the density asked (its widest size), by name. */
const rasters = new Map();

/** @param {string} art @param {Uint8Array} svg @param {number} density */
async function pixels(art, svg, density) {
  let raster = rasters.get(art);
  if (!raster) {
    raster = sharp(Buffer.from(svg), { density }).raw().toBuffer({ resolveWithObject: true });
    rasters.set(art, raster);
  }
  const { data, info } = await raster;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

process.on("message", async ({ id, name, art, svg, card, density, resize, format, quality }) => {
  try {
    const source = card ? Buffer.from(await (await import("./card-layout.mjs")).cardSvg(card, resize)) : Buffer.from(svg);
    const image = (art ? await pixels(art, source, density) : sharp(source, { density })).resize(resize);
    const encoded =
      format === "png"
        ? // Quantised fast to 16 colours (effort 1, no dither): the card's five colours and their edges
          // against the ground. 12 ms a card and 6–13 KB, where 256 colours took 35 ms for 12–23 KB
          // and looked the same; effort 10 took 0.90 s for 15 cards at the same size as effort 1.
          image.png({ palette: true, colours: 16, compressionLevel: 6, effort: 1, dither: 0 })
        : format === "webp"
          ? image.webp({ quality })
          : image.jpeg({ quality, mozjpeg: true });
    const bytes = await encoded.toBuffer();
    answer({ id, bytes });
  } catch (error) {
    answer({ id, error: `${name}: ${error instanceof Error ? error.message : String(error)}` });
  }
});
