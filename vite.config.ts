import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { precompress } from "./scripts/vite-precompress.ts";
import { publicChunks } from "./scripts/vite-public-chunks.ts";
import { orExit, sourcemapOption } from "./scripts/build-options.mjs";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), publicChunks(), precompress()],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  // SOURCEMAP=1 for reading the bundles; "0" and "false" are off, anything else is refused (078).
  build: { target: "es2022", sourcemap: orExit(() => sourcemapOption()) },
  // PGlite ships WASM/data files that must be loaded from node_modules, not bundled.
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "nodemailer", "@aws-sdk/client-s3"],
  },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
});
