import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { collectionFolderOf, contentFileOf, contentModule, FOLDER_IMPORT, folderModuleWithEntries } from "./engine/content/modules.ts";
import { IMAGE_FILE, imageModule } from "./engine/media/image-modules.ts";

/** A folder collection's module id: a name of its own, so Vite reads no folder as a file. */
const FOLDER_ID = "\0content-folder:";

export default defineConfig({
  plugins: [
    {
      // The firm's content files (content/*.yaml) and the images pages name, imported as the page bundle
      // imports them (engine/content/modules.ts, engine/media/image-modules.ts).
      name: "content",
      enforce: "pre",
      resolveId(source, importer) {
        if (!importer || !FOLDER_IMPORT.test(source)) return undefined;
        const path = join(importer, "..", source);
        return collectionFolderOf(path) ? `${FOLDER_ID}${path}` : undefined;
      },
      load(id) {
        if (id.startsWith(FOLDER_ID)) return folderModuleWithEntries(id.slice(FOLDER_ID.length));
        // Before Vite's own assets, which would make an image its address alone.
        const path = id.split("?")[0];
        return IMAGE_FILE.test(path) ? { code: imageModule(process.cwd(), path, readFileSync(path)), map: null } : undefined;
      },
      transform(source, id) {
        const content = /\.(yaml|md)$/.test(id) ? contentFileOf(id) : undefined;
        return content ? { code: contentModule(content.root, content.file, source).code, map: null } : undefined;
      },
    },
  ],
  test: {
    include: ["test/unit/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    // One jsdom for all the files, in threads, instead of one process and one jsdom a file: 5 s instead
    // of 33 s on two cores. What a test leaves behind is undone after each one (test/unit/setup.ts,
    // and the mocks, globals and environment variables below), and the files pass in any order.
    pool: "threads",
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    setupFiles: ["test/unit/setup.ts"],
  },
});
