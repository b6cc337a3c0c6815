// npm run build: the whole site into dist/, once (build.ts tells how); run compiled by commands/run.mjs.
import { build } from "../build.ts";
import { ConfigError } from "../engine/pipeline/config.ts";

build().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : `Build failed: ${(error as Error).message}`);
  if (!(error instanceof ConfigError) && process.env.DEBUG) console.error(error);
  process.exit(1);
});
