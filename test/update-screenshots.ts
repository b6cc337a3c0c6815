// npm run screenshots: rebuild the test sites from the current tree, then let the smoke test write the
// baselines it compares with (only those whose look changed, and removing those no longer taken), the
// metadata test its social card's, and the snapshot test the render snapshots of new pages.
import { spawnSync } from "node:child_process";
import { buildTestSites } from "./helpers/site.ts";

await buildTestSites();
const failed = ["test/browser/smoke.test.ts", "test/build/metadata.test.ts", "test/build/snapshots.test.ts"].filter(
  (file) =>
    // With Node's loader for content files, as npm test runs them: the metadata test imports the case studies.
    spawnSync(process.execPath, ["--import", "tsx", "--import", "./test/helpers/content-hooks.ts", "--test", file], {
      stdio: "inherit",
      env: { ...process.env, UPDATE_SCREENSHOTS: "1" },
    }).status !== 0,
);
process.exit(failed.length ? 1 : 0);
