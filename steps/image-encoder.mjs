// sharp in a process of its own, which steps/images.ts starts when its cache lacks an encoded image
// and ends when the images are done. Rendering the SVGs (librsvg, fonts) and encoding them leaves
// ~85 MB of native memory that libvips never returns while its process lives: in the build's own
// process it stayed through the writing of every page, where the build's memory peaks. Plain
// JavaScript, so that the process starts without tsx's loader.
// Asked { id, name, art, svg, density, resize, format, quality }, it answers { id, bytes } or { id, error }
// (the error starting with `name`). `art` names an artwork whose raster is kept for its other sizes; a
// social card has none. `format` is webp, jpeg, or png (a palette PNG, for the social cards).
import sharp from "sharp";

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

process.on("message", async ({ id, name, art, svg, density, resize, format, quality }) => {
  try {
    const image = (art ? await pixels(art, svg, density) : sharp(Buffer.from(svg), { density })).resize(resize);
    const encoded =
      format === "png"
        ? // Quantised fast (effort 1, no dither): 15 cards in 0.26 s at 22 KB each, where effort 10 took 0.90 s for the same size.
          image.png({ palette: true, compressionLevel: 6, effort: 1, dither: 0 })
        : format === "webp"
          ? image.webp({ quality })
          : image.jpeg({ quality, mozjpeg: true });
    const bytes = await encoded.toBuffer();
    process.send?.({ id, bytes });
  } catch (error) {
    process.send?.({ id, error: `${name}: ${error instanceof Error ? error.message : String(error)}` });
  }
});
