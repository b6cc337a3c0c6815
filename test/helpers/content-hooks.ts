// Registers Node's loader for content files (content-loader.ts) for a test process that imports them directly.
import { register } from "node:module";

register("./content-loader.ts", import.meta.url);
