// A node:test reporter for a shared process (test/run.ts): once every test has ended, one line that
// counts the tests each file ran, suites apart:
//   tests per file: {"test/build/hosts.test.ts":5,"test/build/lastmod.test.ts":4}
// test/helpers/shared-process.ts runs each file in a suite named by the file, one after another, and a
// suite is reported after the tests in it: the tests reported since the last file's suite are this file's
// (wherever they are written: the journeys' tests are written in test/browser/journeys.ts).

/** @param {AsyncIterable<{ type: string; data: { name: string; nesting: number; details?: { type?: string } } }>} events */
export default async function* testsPerFile(events) {
  /** @type {Record<string, number>} */
  const counts = {};
  let tests = 0;
  for await (const { type, data } of events) {
    if (type !== "test:pass" && type !== "test:fail") continue;
    if (data.nesting === 0) {
      counts[data.name] = tests;
      tests = 0;
    } else if (data.details?.type !== "suite") tests++;
  }
  yield `tests per file: ${JSON.stringify(counts)}\n`;
}
