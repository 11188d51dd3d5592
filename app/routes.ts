import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Public pages with the navigation bar and footer.
  layout("routes/_marketing/layout.tsx", [
    index("routes/_marketing/home.tsx"),
    route("contact", "routes/_marketing/contact.tsx"),
    route("blog", "routes/_marketing/blog.tsx"),
    route("blog/:slug", "routes/_marketing/blog-post.tsx"),
    route("privacy", "routes/_marketing/privacy.tsx"),
    route("*", "routes/_marketing/not-found.tsx"),
  ]),
  // Pages the spec shows without navigation bar and footer.
  route("register/model", "routes/register-model.tsx"),
  route("permission-denied", "routes/permission-denied.tsx"),
  // Machine-readable resources.
  route("api/geo-language", "routes/resources/geo-language.ts"),
  route("api/chatbot", "routes/resources/chatbot-application.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
] satisfies RouteConfig;
