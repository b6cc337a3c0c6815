import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
for (const r of ["/", "/about", "/case-studies", "/bio", "/contact", "/services", "/privacy"]) {
  await page.goto("http://127.0.0.1:4599" + r);
  const res = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
      const b = el.getBoundingClientRect();
      if (b.right > 376 && !el.closest(".site-menu__panel")) out.push(el.tagName + "." + el.className + " " + Math.round(b.right));
    }
    return [document.documentElement.scrollWidth, out.slice(0, 6)];
  });
  console.log(r, JSON.stringify(res));
}
await browser.close();
