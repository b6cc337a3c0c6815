// sharp in a process of its own, which steps/images.ts starts when its cache lacks an encoded image;
// the pipeline (build.ts) ends it once the images and the social cards are written. Rendering the
// SVGs (librsvg, fonts) and encoding them leaves ~85 MB of native memory that libvips never returns
// while its process lives: in the build's own process it stayed through the writing of every page,
// where the build's memory peaks. Plain JavaScript, so that the process starts without tsx's loader.
// Asked { id, name, source, raster, widest, card, density, resize, format, quality, effort }, it answers
// { id, bytes } or { id, error } (the error starting with `name`). `source` is an image file (a
// photograph or an SVG) whose pixels are drawn once at `widest` and kept under `raster` while its other
// files are asked for; a social card comes as `card`, what it shows, laid out here with satori
// (steps/card-layout.mjs, loaded at the first card). `format` is avif, webp, jpeg, placeholder (a tiny
// WebP, or no bytes for an image that is not opaque) or png (a palette PNG, for the social cards).
import sharp from "sharp";

// The pipeline disconnects once it wants no more answers (all written, or its run failed): the encoder
// ends then, whatever it is still encoding. An answer sent after that would throw ERR_IPC_CHANNEL_CLOSED
// (an unhandled 'error' event, with its stack trace, in the build's output), so none is.
process.on("disconnect", () => process.exit());

/** Sends `message` to the pipeline while it is still listening. @param {{ id: number; bytes?: Buffer; error?: string }} message */
function answer(message) {
  if (process.connected) process.send?.(message);
}

/** Each image's pixels at its widest, by its raster key, and how many of its files are being encoded
 * from them: dropped once none is, so that a site of many photographs does not hold them all. */
const rasters = new Map();

/**
 * The image's pixels at its widest, drawn once for all the files asked for together (an SVG rasterised at
 * `density`; a photograph turned upright as its EXIF says, then resized), their channels, and `release`,
 * to be called once the file made from them is encoded.
 * @param {string} raster @param {Uint8Array} source @param {number} density @param {number} widest
 */
async function pixels(raster, source, density, widest) {
  let kept = rasters.get(raster);
  if (!kept) {
    const drawn = sharp(Buffer.from(source), { density })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    kept = { drawn, users: 0 };
    rasters.set(raster, kept);
  }
  kept.users++;
  const release = () => {
    if (--kept.users === 0 && rasters.get(raster) === kept) rasters.delete(raster);
  };
  try {
    const { data, info } = await kept.drawn;
    return { image: sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }), channels: info.channels, release };
  } catch (error) {
    release();
    throw error;
  }
}

process.on("message", async ({ id, name, source, raster, widest, card, density, resize, format, quality, effort }) => {
  let release = () => {};
  try {
    let image;
    if (card) image = sharp(Buffer.from(await (await import("./card-layout.mjs")).cardSvg(card, resize)), { density });
    else ({ image, release } = await pixels(raster, source, density, widest));
    // A placeholder shows through the transparent parts of an image that has them: such an image has none.
    const opaque = format !== "placeholder" || (await image.clone().stats()).isOpaque;
    image = image.resize(resize);
    const encoded =
      format === "png"
        ? // Quantised fast to 16 colours (effort 1, no dither): the card's five colours and their edges
          // against the ground. 12 ms a card and 6–13 KB, where 256 colours took 35 ms for 12–23 KB
          // and looked the same; effort 10 took 0.90 s for 15 cards at the same size as effort 1.
          image.png({ palette: true, colours: 16, compressionLevel: 6, effort: 1, dither: 0 })
        : format === "avif"
          ? image.avif({ quality, effort })
          : format === "webp" || format === "placeholder"
            ? image.webp({ quality })
            : image.jpeg({ quality, mozjpeg: true });
    answer({ id, bytes: opaque ? await encoded.toBuffer() : Buffer.alloc(0) });
  } catch (error) {
    answer({ id, error: `${name}: ${error instanceof Error ? error.message : String(error)}` });
  } finally {
    release();
  }
});
