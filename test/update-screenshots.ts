// npm run screenshots: rebuild the test sites from the current tree, then let the smoke test write the
// baselines it compares with (only those whose look changed, and removing those no longer taken).
import { spawnSync } from "node:child_process";
import { buildTestSites } from "./helpers/site.ts";

await buildTestSites();
const smoke = spawnSync(process.execPath, ["--import", "tsx", "--test", "test/browser/smoke.test.ts"], {
  stdio: "inherit",
  env: { ...process.env, UPDATE_SCREENSHOTS: "1" },
});
process.exit(smoke.status ?? 1);
