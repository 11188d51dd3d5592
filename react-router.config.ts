import type { Config } from "@react-router/dev/config";

export default {
  // Every page is server-rendered; the blog is fast enough rendered per request
  // (the language comes from the visitor's cookie), so nothing is prerendered.
  ssr: true,
  // BUILD_DIR lets a benchmark or a second checkout build without replacing a running build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
