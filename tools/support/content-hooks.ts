// Registers Node's loader for content files (tools/support/content-loader.ts) for a process that imports them directly.
import { register } from "node:module";

register("./content-loader.ts", import.meta.url);
