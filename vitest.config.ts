import { defineConfig } from "vitest/config";
import { contentFileOf, contentModule } from "./steps/content.ts";

export default defineConfig({
  plugins: [
    {
      // The firm's content files (content/*.yaml), imported as the page bundle imports them (steps/content.ts).
      name: "content",
      enforce: "pre",
      transform(source, id) {
        const content = /\.(yaml|md)$/.test(id) ? contentFileOf(id) : undefined;
        return content ? { code: contentModule(content.root, content.file, source), map: null } : undefined;
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
