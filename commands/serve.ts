// npm start: the last build served as a static host serves it (engine/outputs/serve.ts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serve } from "../engine/outputs/serve.ts";
import { readPaths } from "../engine/pipeline/config.ts";

const { outDir: root, port } = readPaths();
if (!existsSync(join(root, "index.html"))) {
  console.error(`${root}/index.html not found: run npm run build first.`);
  process.exit(1);
}
await serve(root, port).catch((error: Error) => {
  console.error(`Cannot serve on port ${port}: ${error.message}. Set PORT to another port.`);
  process.exit(1);
});
console.log(`Serving ${root}/ at http://127.0.0.1:${port}/ (Ctrl+C to stop)`);
