// npm run bench: this project beside the Astro peer (../shared/peers/astro-site), both measured in this
// run on this machine, every figure set as a ratio of medians (ours / Astro's), since machines here
// differ by up to twice in speed from one session to the next.
//
// Builds. Both grow as real sites grow: by N entries of ONE template, not by N page files. Ours gets
// content/insights.json and pages/insights/[slug].tsx (a heading and the peer's three paragraphs,
// content/shared.json); the peer gets the same N entries appended to its content/pages.json. Both are
// timed the same way: the wall time of the whole build process (node commands/run.mjs build;
// node node_modules/astro/astro.js build), and peak memory sampled from /proc: the main process's
// high-water mark (VmHWM, every 10 ms), and the sum of the resident sets of it and every process it
// started (esbuild, Sass…; every 100 ms). Each side builds once untimed first (Astro's first build warms
// its own caches), then the runs alternate, ours then Astro's, so drift hits both. The figures:
//   cold                 ours without .cache/, dist/ and dist-hosts/; Astro without its .astro/,
//                        node_modules/.astro/ (its cacheDir), node_modules/.vite/ and dist/
//   nothing changed      our rebuild, against Astro's build (it has no incremental rebuild)
//   one entry edited     entry 1's heading changed in insights.json / pages.json, then each builds
// Then both grown by the same 1,000 Markdown files instead (commands/support/markdown-notes.ts): the
// peer's own collection (its `node gen-notes.mjs 1000`: a glob() loader and a zod schema over
// content/notes/*.md, a page per note) and ours the files it wrote, as a folder collection registered in
// the copy's content/collections.ts with the peer's fields, and pages/notes/[slug].tsx (the title as a
// heading, the text through components/Markdown.tsx); the same three figures, the edit being note-0's
// title. Limits: the real site cold ≤ 1.0×, with nothing changed ≤ 0.3×; the notes cold ≤ 1.0×, one
// edited ≤ 0.1×; peak memory ≤ Astro's everywhere.
// Verification is shown apart, as our build reports it.
//
// Dev loop. Our dev server and `astro dev`, one Chromium page on each: ten saves of each kind 400 ms
// apart (in place and by rename alternately; the next save waits 400 ms after the page showed the last
// one, and after any reload that followed it), timed from the save to the open page showing it (patched
// in place, or reloaded: then the reloaded document's DOMContentLoaded). The kinds (commands/support/
// dev-saves.ts): a page's title and heading, until the document's title and its h1 show it (ours in
// pages/case-studies.tsx, whose social card changes with it; Astro's an entry of content/pages.json); a
// page file with its page open (ours pages/case-studies.tsx, Astro's src/pages/[...slug].astro, both on
// /case-studies); a content file feeding the open page (ours content/home.yaml on /, Astro's
// content/pages.json on /case-studies); a style partial and the entry stylesheet (ours styles/_base.scss
// and styles/main.scss, Astro's src/styles/global.css for both: a rule
// appended, until the computed style shows it: checked at each frame, after each DOM mutation (Astro
// sets a <style>'s text) and after each stylesheet adopted or replaced (ours swaps a constructed
// stylesheet, which makes no mutation: caught only at the next frame, it counted ~8 ms more); and an
// island (ours alone: Astro's peer has none to compare). Then a Markdown entry's save with its page open
// (ours content/case-studies/eqos-initiative.md, its first paragraph; Astro's content/notes/note-0.md,
// its dev server restarted with DEV_NOTES notes), and ours alone: the same file saved with a schema error
// (a day February lacks), timed until the error overlay names the file, against the good save's time in
// this run (limit ≤ 1.0×); each broken save is followed by the good file, until the overlay is gone. Each
// block waits until both sides' processes are idle (our dev server verifies and type-checks after a
// save), so one side's background work never lands in the other's figures.
//
// Its parts, one concept each, are in commands/bench/: a build timed from outside (build-timing.ts), the
// sites grown by entries (insights.ts), the build figures (builds.ts), the open page watched for a save
// (page-probe.ts), the timed saves (saves.ts), the dev loop's figures (dev-loop.ts), the navigation
// figures (navigation.ts), and the table and the limits (report.ts).
//
//   npm run bench                   everything (a few minutes on two cores, plus the peer's npm install)
//   npm run bench -- --runs 3       runs per figure (default 5)
//   npm run bench -- --only build   (the Markdown notes too) or --only dev, or --only navigation (ours alone: the built site's next
//                                   page with and without its speculation rules, commands/support/navigation-timing.ts)
//   npm run bench -- --pages 10000  N, the extra entries (default 1000; a list is fine); the real site (N = 0) always runs
import { benchBuilds } from "./bench/builds.ts";
import { benchDevLoop } from "./bench/dev-loop.ts";
import { benchNavigation } from "./bench/navigation.ts";
import { printVerdicts } from "./bench/report.ts";
import { installAstroPeer } from "./support/astro-peer.ts";

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
