// A node:test reporter for a shared process (test/run.ts): once every test has ended, one line that
// counts the tests each file ran, by the file each test is written in (suites are not tests):
//   tests per file: {"test/build/hosts.test.ts":5,"test/build/lastmod.test.ts":4}
import { relative } from "node:path";

/** @param {AsyncIterable<{ type: string; data: { file?: string; details?: { type?: string } } }>} events */
export default async function* testsPerFile(events) {
  /** @type {Record<string, number>} */
  const counts = {};
  for await (const { type, data } of events) {
    if ((type !== "test:pass" && type !== "test:fail") || data.details?.type === "suite" || !data.file) continue;
    const file = relative(process.cwd(), data.file);
    counts[file] = (counts[file] ?? 0) + 1;
  }
  yield `tests per file: ${JSON.stringify(counts)}\n`;
}
