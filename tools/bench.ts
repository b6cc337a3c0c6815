// npm run bench: this project beside the Astro peer (../shared/peers/astro-site), both measured in this
// run on this machine, every figure a ratio of medians (ours / Astro's), since machines here differ by up
// to twice in speed from one session to the next. Its parts, in tools/bench/: builds.ts (both sites grown
// by growth.ts, built cold, unchanged and with one entry edited, timed by build-timing.ts), dev-loop.ts
// (each kind of save of dev-saves.ts, from the save to the open page showing it: saves.ts, page-probe.ts),
// navigation.ts (ours alone) and report.ts (the table, and every limit the issue sets, met or not).
//
//   npm run bench                   everything (a few minutes on two cores, plus the peer's npm install)
//   npm run bench -- --runs 3       runs per figure (default 5)
//   npm run bench -- --only build   (the Markdown notes too), or --only dev, or --only navigation
//   npm run bench -- --pages 10000  N, the extra entries (default 1000; a list is fine); the real site (N = 0) always runs

import { installAstroPeer } from "./bench/astro-peer.ts";
import { benchBuilds } from "./bench/builds.ts";
import { benchDevLoop } from "./bench/dev-loop.ts";
import { benchNavigation } from "./bench/navigation.ts";
import { printVerdicts } from "./bench/report.ts";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const RUNS = Number(argument("runs") ?? 5);
const ONLY = argument("only");
const GROWTH = [...new Set([0, ...(argument("pages") ?? "1000").split(",").map(Number)])];

if (ONLY === "navigation") {
  await benchNavigation();
  printVerdicts();
} else {
  console.log("Installing Astro's peer in a temporary copy (npm install)…");
  const installStarted = performance.now();
  const peer = installAstroPeer();
  console.log(`  installed in ${((performance.now() - installStarted) / 1000).toFixed(1)} s at ${peer.dir}`);
  try {
    if (ONLY !== "dev") await benchBuilds(peer, RUNS, GROWTH);
    if (ONLY !== "build") await benchDevLoop(peer);
    if (!ONLY) await benchNavigation();
    printVerdicts();
  } finally {
    peer.remove();
  }
}
