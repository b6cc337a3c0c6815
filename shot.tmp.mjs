import { chromium } from "playwright-core";
import http from "node:http";
import { readFile } from "node:fs/promises";
import { existsSync, statSync } from "node:fs";
import { join, extname } from "node:path";
const root = process.argv[2] || "dist";
const types = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml", ".avif": "image/avif", ".webp": "image/webp", ".jpg": "image/jpeg", ".pdf": "application/pdf" };
const server = http.createServer(async (req, res) => {
  let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
  let f = join(root, p);
  if (existsSync(f) && statSync(f).isDirectory()) f = join(f, "index.html");
  if (!existsSync(f)) f = join(root, p + "/index.html");
  if (!existsSync(f)) { res.writeHead(404); return res.end(await readFile(join(root, "404.html"))); }
  res.writeHead(200, { "content-type": types[extname(f)] || "application/octet-stream" });
  res.end(await readFile(f));
}).listen(4598);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const routes = (process.argv[3] || "/,/about,/services,/case-studies,/bio,/contact,/privacy,/terms,/nope").split(",");
const widths = (process.argv[4] || "375,1280").split(",").map(Number);
for (const scheme of ["light", "dark"]) for (const w of widths) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, colorScheme: scheme });
  const page = await ctx.newPage();
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log("console", m.type(), m.text()); });
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  for (const r of routes) {
    await page.goto("http://127.0.0.1:4598" + r, { waitUntil: "networkidle" });
    const name = `/tmp/shots/${scheme}-${w}-${r.replace(/\W/g, "_") || "home"}.png`;
    if (process.argv[5] === "fold") { await page.screenshot({ path: name }); continue; }
    const h = await page.evaluate(() => document.documentElement.scrollHeight);
    const chunk = w < 800 ? 1500 : 2400;
    for (let y = 0, i = 0; y < h; y += chunk, i++) await page.screenshot({ path: name.replace(".png", `-${i}.png`), fullPage: true, clip: { x: 0, y, width: w, height: Math.min(chunk, h - y) } });
  }
  await ctx.close();
}
await browser.close(); server.close();
