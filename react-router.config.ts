import type { Config } from "@react-router/dev/config";

export default {
  // Every page is server-rendered; the blog is fast enough rendered per request
  // (the language comes from the visitor's cookie), so nothing is prerendered.
  ssr: true,
} satisfies Config;
