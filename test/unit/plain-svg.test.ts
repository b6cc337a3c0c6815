import { readdirSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { imageSize, PIXEL_LIMIT } from "../../engine/media/image-modules.ts";
import { checkPlainSvg } from "../../engine/media/plain-svg.ts";
import { pngHeader } from "../helpers/png-header.ts";

const drawing = (inside: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="160" height="48">\n${inside}\n</svg>`;

describe("an SVG the site shows is a plain drawing", () => {
  test.each([
    ["<script>alert(1)</script>", "a <script>"],
    ['<rect width="10" height="10" onclick="alert(1)"/>', "an event handler, onclick="],
    ['<image/onerror=alert(1) href="#a"/>', "an event handler, onerror="],
    ['<a href="javascript:alert(1)"><path d="M0 0h9v9z"/></a>', 'a link to "javascript:alert(1)"'],
    ["<a href='https://elsewhere.example/'><path d=\"M0 0h9v9z\"/></a>", "a link to 'https://elsewhere.example/'"],
    ['<use xlink:href="other.svg#mark"/>', 'a link to "other.svg#mark"'],
    ["<style>@import url(https://elsewhere.example/x.css);</style>", "a stylesheet imported with @import"],
    ['<rect width="9" height="9" style="fill: url(https://elsewhere.example/p.svg#p)"/>', "a reference to url(https://elsewhere.example/p.svg#p)"],
    ['<foreignObject width="9" height="9"><iframe></iframe></foreignObject>', "HTML in a <foreignObject>"],
  ])("%s is refused, naming the file, the line and what was found", (inside, found) => {
    expect(() => checkPlainSvg(drawing(inside), "public/logos/client.svg")).toThrow(
      `public/logos/client.svg:2 holds ${found}; an SVG here must be a plain drawing`,
    );
  });

  test("references to its own parts, its namespaces and the site's own drawings pass", () => {
    const own = '<defs><linearGradient id="g"/></defs><rect fill="url(#g)" style="stroke: url( \'#g\' )"/><use href="#g"/><use xlink:href="#g"/>';
    expect(() => checkPlainSvg(drawing(own), "art/own.svg")).not.toThrow();
    for (const folder of ["art", "public/logos"])
      for (const file of readdirSync(folder).filter((name) => name.endsWith(".svg")))
        expect(() => checkPlainSvg(readFileSync(`${folder}/${file}`, "utf8"), `${folder}/${file}`)).not.toThrow();
  });

  test("the art's SVGs are checked where their size is read, as every page and content file reads it", () => {
    expect(() => imageSize(Buffer.from(drawing("<script>alert(1)</script>")), "art/drawn.svg")).toThrow("art/drawn.svg:2 holds a <script>");
  });
});

// jsdom (vitest.config.ts) brings a Uint8Array of its own, of which Node's Buffer is not one: image-size, which
// reads a photograph's header, takes only the first, so a test hands it its bytes as one.
const photo = (bytes: Buffer) => new Uint8Array(bytes) as Buffer;

describe("a photograph's pixels", () => {
  test("more than sharp decodes are refused from the header, before any encoding, with the fix", () => {
    expect(() => imageSize(photo(pngHeader(30000, 30000)), "art/huge.png")).toThrow(
      "art/huge.png is 30000×30000 pixels; the largest an image may be is 16383×16383 (268 megapixels): scale it down, e.g. to 1920 px wide, the widest the site shows it, and save it again",
    );
    expect(imageSize(photo(pngHeader(16383, 16383)), "art/largest.png")).toEqual({ width: 16383, height: 16383 });
    expect(16383 * 16383).toBe(PIXEL_LIMIT);
  });

  test("its size is read from its header as a visitor sees it: a JPEG its EXIF turns a quarter has width and height swapped", async () => {
    const drawn = sharp({ create: { width: 90, height: 60, channels: 3, background: "#0b4f49" } });
    expect(imageSize(photo(await drawn.clone().jpeg().withMetadata({ orientation: 6 }).toBuffer()), "art/portrait.jpg")).toEqual({ width: 60, height: 90 });
    expect(imageSize(photo(await drawn.clone().jpeg().withMetadata({ orientation: 3 }).toBuffer()), "art/upside-down.jpg")).toEqual({ width: 90, height: 60 });
    expect(imageSize(photo(await drawn.clone().webp().toBuffer()), "art/photo.webp")).toEqual({ width: 90, height: 60 });
  });

  test("a file that is no JPEG, PNG or WebP is refused, saying what it is and the fix", async () => {
    const gif = await sharp({ create: { width: 9, height: 6, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const fix = "; save it again as a JPEG, PNG or WebP";
    expect(() => imageSize(photo(gif), "art/moving.png")).toThrow(`art/moving.png: its size cannot be read (it is a GIF image)${fix}`);
    expect(() => imageSize(photo(Buffer.from("not a picture")), "art/note.jpg")).toThrow(
      `art/note.jpg: its size cannot be read (its bytes are no image format)${fix}`,
    );
    expect(() => imageSize(photo(pngHeader(0, 10)), "art/empty.png")).toThrow(`art/empty.png: its size cannot be read (its PNG header gives no size)${fix}`);
  });
});
