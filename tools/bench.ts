// npm run bench: this project beside the Astro peer (../shared/peers/astro-site), every figure a ratio of medians (ours /
// Astro's) taken in this run, as machines here differ by up to twice from one session to the next. Options: --runs 3
// (default 5); --only build, dev or navigation (ours alone, of the last build); --pages 1000,10000 (N extra entries; N = 0 always runs).
import { parseArgs } from "node:util";
import { installAstroPeer } from "./bench/astro-peer.ts";
import { benchBuilds } from "./bench/builds.ts";
import { benchDevLoop } from "./bench/dev-loop.ts";
import { benchNavigation } from "./bench/navigation.ts";
import { printVerdicts } from "./bench/report.ts";

const options = { runs: { type: "string", default: "5" }, only: { type: "string" }, pages: { type: "string", default: "1000" } } as const;
const { runs, only, pages } = parseArgs({ options }).values;

if (only === "navigation") await benchNavigation();
else {
  console.log("Installing Astro's peer in a temporary copy (npm install)…");
  const peer = installAstroPeer();
  try {
    if (only !== "dev") await benchBuilds(peer, Number(runs), [...new Set([0, ...pages.split(",").map(Number)])]);
    if (only !== "build") await benchDevLoop(peer);
    if (!only) await benchNavigation();
  } finally {
    peer.remove();
  }
}
printVerdicts();
