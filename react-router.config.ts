import type { Config } from "@react-router/dev/config";
import { buildDirectory, orExit } from "./scripts/build-options.mjs";

export default {
  appDirectory: "app",
  ssr: true,
  // Separate build folders let parallel test runs (and developers) build side by side. Checked
  // first: the build empties this folder, and a BUILD_DIR of "." deleted the project (078).
  buildDirectory: orExit(() => buildDirectory()),
} satisfies Config;
