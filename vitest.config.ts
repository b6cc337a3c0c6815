import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    restoreMocks: true,
    setupFiles: ["test/unit/setup.ts"],
  },
});
