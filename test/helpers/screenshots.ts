// Full-page screenshots compared with committed baselines, so a broken stylesheet fails a test as a
// changed element does. `npm run screenshots` (UPDATE_SCREENSHOTS=1) writes the baselines instead.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import pixelmatch from "pixelmatch";
import type { Page } from "playwright-core";
import sharp from "sharp";

export const BASELINES_DIR = "test/browser/__screenshots__";
const RESULTS_DIR = "test-results/screenshots";
export const updatingScreenshots = process.env.UPDATE_SCREENSHOTS === "1";

/** How far a pixel's colour may move (pixelmatch's 0–1 scale) before it counts; its anti-aliasing
 * detection already ignores the edges of glyphs and curves. */
const COLOUR_THRESHOLD = 0.1;
/** Differing pixels allowed beyond that: a few stray ones, far fewer than a 1 px border round a button. */
const DIFFERENT_PIXELS_ALLOWED = 20;

/**
 * Screenshots found to match their baselines, each by a hash of both files' bytes and of how they are
 * compared: the same bytes again (Chromium encodes the same pixels to the same PNG) match again without
 * both being decoded and compared, ~70 ms of CPU a screenshot. Only matches are kept, as html-validate's
 * verdicts are (a page's exact bytes found valid): a screenshot that differs is compared every time.
 */
const MATCHED = ".cache/screenshots-matched.json";
/** The screenshots of a few runs of every route, width and theme; the oldest go first. */
const MATCHES_KEPT = 500;
const matched: string[] = (() => {
  try {
    return JSON.parse(readFileSync(MATCHED, "utf8")) as string[];
  } catch {
    return [];
  }
})();
const matchKey = (baseline: Buffer, screenshot: Buffer) =>
  createHash("sha256")
    .update(`pixelmatch ${COLOUR_THRESHOLD}, ${DIFFERENT_PIXELS_ALLOWED} allowed, padded\0`)
    .update(createHash("sha256").update(baseline).digest("hex"))
    .update(createHash("sha256").update(screenshot).digest("hex"))
    .digest("hex");

/** Records a match; null, as a match is reported. */
function keepMatch(key: string): null {
  matched.push(key);
  mkdirSync(".cache", { recursive: true });
  // Whole or not at all: written beside, then renamed over the record.
  writeFileSync(`${MATCHED}.${process.pid}`, JSON.stringify(matched.slice(-MATCHES_KEPT)));
  renameSync(`${MATCHED}.${process.pid}`, MATCHED);
  return null;
}

/** The baseline's file name: home-375-dark, 404-1280-light. */
export function screenshotName(route: string, width: number, colorScheme: "light" | "dark"): string {
  const page = route === "/" ? "home" : route === "/no-such-page" ? "404" : route.slice(1).replaceAll("/", "-");
  return `${page}-${width}-${colorScheme}`;
}

/**
 * The whole page once it has settled: fonts ready, every image loaded and decoded, every animation at
 * its end. Taken straight over the DevTools protocol with Chromium's fast PNG encoder: the same pixels
 * as Playwright's full-page screenshot, for 1.8 CPU-seconds per 16 pages instead of 3.3 (measured
 * twice). Nothing on the pages has been focused (they are loaded, then at most resized), so no caret
 * blinks in them.
 */
export async function screenshotPage(page: Page): Promise<Buffer> {
  await page.evaluate(async () => {
    // A page just resized chooses its images' sources again (srcset) at its next rendering: after two frames
    // any new choice is being fetched.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await document.fonts.ready;
    // A section the stylesheet renders only near the screen (content-visibility: auto) is drawn here as a
    // visitor scrolling down sees it: the screenshot, and the axe run after it, cover the whole page.
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
    }
    const images = [...document.images];
    // A lazy image below the fold would never load without scrolling; the screenshot shows the whole page.
    for (const image of images) image.loading = "eager";
    // Each image's last chosen source has arrived (complete counts a source still being fetched as not).
    await Promise.all(
      images.map(
        (image) =>
          image.complete ||
          new Promise((done, fail) => {
            image.addEventListener("load", done, { once: true });
            image.addEventListener("error", done, { once: true });
            setTimeout(() => fail(new Error(`the image ${image.currentSrc || image.src} neither loaded nor failed within 10 s`)), 10_000);
          }),
      ),
    );
    // A broken image rejects; the screenshot then shows it broken, which the comparison catches.
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    for (const animation of document.getAnimations()) {
      // An endless animation cannot finish: it is taken off instead.
      if (animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY) animation.cancel();
      else animation.finish();
    }
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await cdp.send("Page.getLayoutMetrics");
    const clip = { x: 0, y: 0, width: Math.ceil(cssContentSize.width), height: Math.ceil(cssContentSize.height), scale: 1 };
    const { data } = await cdp.send("Page.captureScreenshot", { format: "png", captureBeyondViewport: true, optimizeForSpeed: true, clip });
    return Buffer.from(data, "base64");
  } finally {
    await cdp.detach();
  }
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function pixelsOf(png: Buffer | string): Promise<Pixels> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The pixels on a canvas of width × height, transparent beyond them, so pages of different heights still compare. */
function padded(image: Pixels, width: number, height: number): Buffer {
  if (image.width === width && image.height === height) return image.data;
  const canvas = Buffer.alloc(width * height * 4);
  for (let row = 0; row < image.height; row++) image.data.copy(canvas, row * width * 4, row * image.width * 4, (row + 1) * image.width * 4);
  return canvas;
}

/** Opaque RGB at the strongest lossless compression: the baselines live in git. */
const writeBaseline = (path: string, screenshot: Buffer) => sharp(screenshot).removeAlpha().png({ compressionLevel: 9, adaptiveFiltering: true }).toFile(path);

/**
 * Compares a screenshot with its baseline and says what is wrong (null when it matches). On a mismatch
 * it writes the expected, actual and diff images into test-results/ and names them. When updating, it
 * writes the baseline instead, unless the old one still matches (so an unchanged page keeps its file).
 */
export async function compareWithBaseline(name: string, screenshot: Buffer, baselinesDir = BASELINES_DIR): Promise<string | null> {
  const baseline = `${baselinesDir}/${name}.png`;
  const results = { expected: `${RESULTS_DIR}/${name}-expected.png`, actual: `${RESULTS_DIR}/${name}-actual.png`, diff: `${RESULTS_DIR}/${name}-diff.png` };
  await Promise.all(Object.values(results).map((path) => rm(path, { force: true })));
  if (!existsSync(baseline)) {
    if (updatingScreenshots) {
      await mkdir(baselinesDir, { recursive: true });
      await writeBaseline(baseline, screenshot);
      return null;
    }
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(results.actual, screenshot);
    return `${name}: no baseline ${baseline}; actual ${results.actual}`;
  }

  const baselineBytes = await readFile(baseline);
  const key = matchKey(baselineBytes, screenshot);
  if (!updatingScreenshots && matched.includes(key)) return null;
  const [expected, actual] = await Promise.all([pixelsOf(baselineBytes), pixelsOf(screenshot)]);
  const sameSize = actual.width === expected.width && actual.height === expected.height;
  if (sameSize && actual.data.equals(expected.data)) return keepMatch(key);
  const width = Math.max(actual.width, expected.width);
  const height = Math.max(actual.height, expected.height);
  const diff = Buffer.alloc(width * height * 4);
  const different = pixelmatch(padded(expected, width, height), padded(actual, width, height), diff, width, height, { threshold: COLOUR_THRESHOLD });
  if (sameSize && different <= DIFFERENT_PIXELS_ALLOWED) return keepMatch(key);
  if (updatingScreenshots) {
    await writeBaseline(baseline, screenshot);
    return null;
  }
  await mkdir(RESULTS_DIR, { recursive: true });
  await Promise.all([
    copyFile(baseline, results.expected),
    writeFile(results.actual, screenshot),
    sharp(diff, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(results.diff),
  ]);
  const size = sameSize ? "" : `, and the page is ${actual.width}×${actual.height} px where the baseline is ${expected.width}×${expected.height}`;
  return `${name}: ${different} pixels differ (${DIFFERENT_PIXELS_ALLOWED} allowed)${size}; expected ${results.expected}, actual ${results.actual}, diff (changes in red) ${results.diff}`;
}

/** Baselines no screenshot is taken for any more (a route was removed or renamed). */
export function staleBaselines(names: string[]): string[] {
  if (!existsSync(BASELINES_DIR)) return [];
  const expected = new Set(names.map((name) => `${name}.png`));
  return readdirSync(BASELINES_DIR).filter((file) => !expected.has(file));
}
