// The navigation figures (ours alone): the built site's next page after a press on a header link, with
// its speculation rules and without, then prerendered in a Chromium without automation.
import { chromePath } from "../support/browser.ts";
import { ADDED_LATENCY_MS, timeNavigation, timePrerender } from "./navigation-timing.ts";
import { median, spread, verdicts } from "./report.ts";

/** The next page after a press on a header link, with the site's speculation rules and without (limit: prefetched ≤ 150 ms). */
export async function benchNavigation(): Promise<void> {
  const pairs = 10;
  console.log(
    `\nNavigation: press on a header link to the next page's first contentful paint (Chromium, dist/ on loopback with ${ADDED_LATENCY_MS} ms added to every response, ${pairs} pairs alternating)`,
  );
  const { prefetched, baseline, prerender } = await timeNavigation(pairs);
  const ms = (trials: { ms: number }[]) => trials.map((trial) => trial.ms);
  const how = (trials: { delivery: string }[]) => [...new Set(trials.map((trial) => trial.delivery || "network"))].join(", ");
  console.log(`  with the rules (prefetched on hover):  ${spread(ms(prefetched), 0, "ms")}  (delivered: ${how(prefetched)})`);
  console.log(`  without them, the same rest on the link: ${spread(ms(baseline), 0, "ms")}  (delivered: ${how(baseline)})`);
  const met = median(ms(prefetched)) <= 150;
  verdicts.push({
    met,
    label: `navigation, prefetched: ${median(ms(prefetched)).toFixed(0)} ms (limit ≤ 150 ms; ${median(ms(baseline)).toFixed(0)} ms without the rules)`,
  });
  const refused = [...new Set(prerender)];
  console.log(`  prerender on press, as Chromium reported it under automation: ${refused.join("; ") || "never attempted"}`);
  // Prerendered, in a Chromium with no automation attached: a harness page prerenders the next page, then goes to it.
  const { prerendered, baseline: straight } = await timePrerender(chromePath(), pairs);
  const allPrerendered = prerendered.every((trial) => trial.prerendered);
  const early = prerendered.filter((trial) => trial.analyticsBeforeShown).length;
  console.log(
    `  prerendered (Chromium without automation, from the navigation): ${spread(ms(prerendered), 0, "ms")}  (${prerendered.filter((t) => t.prerendered).length} of ${prerendered.length} prerendered; analytics started before the page was shown in ${early})`,
  );
  console.log(`  the same navigation from the network:                            ${spread(ms(straight), 0, "ms")}`);
  verdicts.push({
    met: allPrerendered && early === 0 && median(ms(prerendered)) <= 60,
    label: `navigation, prerendered: ${median(ms(prerendered)).toFixed(0)} ms (limit ≤ 60 ms; ${median(ms(straight)).toFixed(0)} ms from the network; analytics before shown: ${early} of ${prerendered.length})`,
  });
}
