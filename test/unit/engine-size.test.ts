// The engine a newcomer holds: no file of build.ts, steps/ or commands/ is over 300 lines.
import { readFileSync } from "node:fs";
import fg from "fast-glob";
import { expect, test } from "vitest";

const MOST_LINES = 300;

test(`no file of the engine is over ${MOST_LINES} lines`, () => {
  const files = fg.sync(["build.ts", "steps/**/*.{ts,mjs}", "commands/**/*.{ts,mjs}"]);
  expect(files.length).toBeGreaterThan(50);
  const lines = (file: string) => readFileSync(file, "utf8").split("\n").length - 1;
  const over = files.filter((file) => lines(file) > MOST_LINES).map((file) => `${file}: ${lines(file)} lines`);
  expect(over, "split the file where its parts have names of their own").toEqual([]);
});
