import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Separate build folders let parallel test runs (and developers) build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
