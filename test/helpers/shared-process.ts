// Several test files in one process (test/run.ts names them): each file's tests run in a suite named
// by the file, one file after another, so the report reads as the files' own reports would in turn.
// Every file is imported at the start (its top-level code runs then, as it would in a process of its
// own); its hooks (before, after) belong to its suite alone. Sharing a process saves each file its own
// start: Node and tsx, and playwright-core or jsdom.
import { resolve } from "node:path";
import { describe } from "node:test";
import { pathToFileURL } from "node:url";

for (const file of process.argv.slice(2)) describe(file, () => import(pathToFileURL(resolve(file)).href));
