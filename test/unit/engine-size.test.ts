// The engine a newcomer holds: a folder per concept (engine/pipeline, content, media, outputs, verify,
// state, dev), each opening with what it holds, none of more than about 15 files, and no file over 400 lines.
import { readdirSync, readFileSync } from "node:fs";
import fg from "fast-glob";
import { expect, test } from "vitest";

const MOST_LINES = 400;
const MOST_FILES = 15;
const lines = (file: string) => readFileSync(file, "utf8").split("\n").length - 1;

test(`no file of the engine is over ${MOST_LINES} lines`, () => {
  const files = fg.sync(["build.ts", "engine/**/*.{ts,mjs}", "commands/**/*.{ts,mjs}"]);
  expect(files.length).toBeGreaterThan(50);
  const over = files.filter((file) => lines(file) > MOST_LINES).map((file) => `${file}: ${lines(file)} lines`);
  expect(over, "split the file where its parts have names of their own").toEqual([]);
});

test(`every room of the engine holds at most ${MOST_FILES} files and opens with what it holds`, () => {
  const rooms = fg.sync("engine/**", { onlyDirectories: true });
  expect(rooms.length).toBeGreaterThanOrEqual(7);
  for (const room of rooms) {
    const files = readdirSync(room, { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length, `${room} holds ${files.length} files: give a concept of it a folder of its own`).toBeLessThanOrEqual(MOST_FILES + 1);
    const readme = files.find((entry) => entry.name === "README.md");
    expect(readme, `${room}/README.md says what the room holds and what it may import`).toBeTruthy();
    // The opening stays true: it names every file of the room.
    const opening = readFileSync(`${room}/README.md`, "utf8");
    const unnamed = files.filter((entry) => entry.name !== "README.md" && !opening.includes(`\`${entry.name}\``)).map((entry) => entry.name);
    expect(unnamed, `${room}/README.md names each of its files`).toEqual([]);
  }
});
