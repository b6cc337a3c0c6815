// sharp in a process of its own, which engine/media/images.ts starts when its cache lacks an encoded image;
// the pipeline (build.ts) ends it once the images and the social cards are written. Rendering the
// SVGs (librsvg, fonts) and encoding them leaves ~85 MB of native memory that libvips never returns
// while its process lives: in the build's own process it stayed through the writing of every page,
// where the build's memory peaks. Plain JavaScript, so that the process starts without tsx's loader.
// Asked an Encoding (engine/media/encoder.ts, which says each field) with an `id`, it answers { id, bytes } or
// { id, error } (the error starting with `name`). A social card is laid out here with satori
// (engine/media/card-layout.mjs, loaded at the first card).
import sharp from "sharp";

// The pipeline disconnects once it wants no more answers (all written, or its run failed): the encoder
// ends then, whatever it is still encoding. An answer sent after that would throw ERR_IPC_CHANNEL_CLOSED
// (an unhandled 'error' event, with its stack trace, in the build's output), so none is.
process.on("disconnect", () => process.exit());

/** Sends `message` to the pipeline while it is still listening. @param {{ id: number; bytes?: Buffer; error?: string }} message */
function answer(message) {
  if (process.connected) process.send?.(message);
}

/** Files encoded at once. libvips spreads each over the cores already; more at once only held more pixels:
 * the real site's 29 files all at once peaked at ~170 MB, three at a time at ~140 MB, in the same time. */
const AT_ONCE = 3;
let encoding = 0;
/** The files waiting for their turn (each its start), in the order they were asked for. @type {(() => void)[]} */
const waiting = [];

/** Resolves at the file's turn; a placeholder, which a page waits for before it is rendered, goes first.
 * @returns {Promise<void>} */
function turn(first = false) {
  if (encoding < AT_ONCE) {
    encoding++;
    return Promise.resolve();
  }
  return new Promise((start) => {
    const go = () => start(undefined);
    if (first) waiting.unshift(go);
    else waiting.push(go);
  });
}

/** A file is encoded (or failed): the next one's turn. */
function next() {
  const start = waiting.shift();
  if (start) start();
  else encoding--;
}

/** Each image's pixels at its widest (drawn at the first of its files' turns), by its raster key, and how
 * many of its files are asked for and not yet encoded: dropped once none is, so that a site of many
 * photographs does not hold them all. */
const rasters = new Map();

/** Holds the image's pixels for one of its files, from when it is asked for: its files, asked for
 * together, are then all encoded from one drawing. Returns `release`, for once that file is encoded.
 * @param {string} raster */
function hold(raster) {
  let kept = rasters.get(raster);
  if (!kept) {
    kept = { drawn: undefined, users: 0 };
    rasters.set(raster, kept);
  }
  kept.users++;
  return () => {
    if (--kept.users === 0 && rasters.get(raster) === kept) rasters.delete(raster);
  };
}

/**
 * The image's pixels at its widest, drawn once for all the files asked for together (an SVG rasterised at
 * `density`; a photograph turned upright as its EXIF says, then resized), as an image to encode.
 * @param {string} raster @param {Uint8Array} source @param {number} density @param {number} widest
 */
async function pixels(raster, source, density, widest) {
  const kept = rasters.get(raster);
  kept.drawn ??= sharp(Buffer.from(source), { density })
    .rotate()
    .resize({ width: widest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = await kept.drawn;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

process.on("message", async ({ id, name, source, raster, widest, card, density, resize, format, quality, effort }) => {
  const release = card ? () => {} : hold(raster);
  await turn(format === "placeholder");
  try {
    let image;
    if (card) image = sharp(Buffer.from(await (await import("./card-layout.mjs")).cardSvg(card, resize)), { density });
    else image = await pixels(raster, source, density, widest);
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
    const reason = (error instanceof Error ? error.message : String(error)).trim().replace(/\s*\n\s*/g, "; ");
    // An image's file is what its editor can mend; a card is drawn from a page's title, with no file to save again.
    const said = card ? reason : `sharp cannot read it (${reason}); open it in an image editor and save it again as a JPEG, PNG or WebP`;
    answer({ id, error: `${name}: ${said}` });
  } finally {
    release();
    next();
  }
});
