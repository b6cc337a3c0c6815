import { writeFileSync } from "node:fs";
import { launchBrowser } from "./test/helpers/browser.ts";
import { startSite } from "./test/helpers/site.ts";

const site = await startSite("dist");
const browser = await launchBrowser();
const routes = ["/", "/about", "/services", "/case-studies", "/bio", "/contact", "/privacy", "/terms", "/nope"];
const cells: string[] = [];
for (const scheme of ["light", "dark"] as const) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 800 : 900 }, colorScheme: scheme });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(site.origin + route);
      await page.waitForTimeout(300);
      const name = `${scheme}-${width}-${route === "/" ? "home" : route.slice(1)}.png`;
      await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: true });
      cells.push(`<figure><img src="${name}"><figcaption>${name}</figcaption></figure>`);
    }
    await context.close();
  }
}
writeFileSync(
  "/tmp/shots/index.html",
  `<style>body{display:grid;grid-template-columns:repeat(9,1fr);gap:6px;margin:4px;font:10px sans-serif}img{width:100%;max-height:900px;object-fit:cover;object-position:top}</style>${cells.join("")}`,
);
await browser.close();
await site.close();
