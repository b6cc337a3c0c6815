// Several test files in one process (test/run.ts names them): each file's tests run in a suite named
// by the file, one file after another, so the report reads as the files' own reports would in turn.
// Sharing a process saves each file its own start: Node and tsx, and playwright-core or jsdom.
import { resolve } from "node:path";
import { describe } from "node:test";
import { pathToFileURL } from "node:url";

for (const file of process.argv.slice(2)) describe(file, () => import(pathToFileURL(resolve(file)).href));
