import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Public pages with the navigation bar and footer.
  layout("routes/_marketing/layout.tsx", [
    index("routes/_marketing/home.tsx"),
    route("contact", "routes/_marketing/contact.tsx"),
    route("blog", "routes/_marketing/blog.tsx"),
    route("blog/:slug", "routes/_marketing/blog-post.tsx"),
    route("blog/preview/:token", "routes/_marketing/blog-preview.tsx"),
    route("privacy", "routes/_marketing/privacy.tsx"),
    route("privacy/request", "routes/_marketing/privacy-request.tsx"),
    route("privacy/confirm", "routes/_marketing/privacy-confirm.tsx"),
    route("*", "routes/_marketing/not-found.tsx"),
  ]),
  // An article's working copy in the public pages' frame, for the editor's preview to show at a
  // phone's width or a desktop's (routes/admin/blog-preview.tsx): staff-only, outside both layouts.
  route("admin/blog/:id/:language/preview/page", "routes/admin/blog-preview-page.tsx"),
  // Pages the spec shows without navigation bar and footer.
  route("register/model", "routes/register-model.tsx"),
  route("permission-denied", "routes/permission-denied.tsx"),
  // Accounts (app/auth/): sign-in, sign-up, password reset, and the round trips they need.
  route("login", "routes/_auth/login.tsx"),
  route("login/two-factor", "routes/_auth/two-factor.tsx"),
  route("logout", "routes/_auth/logout.ts"),
  route("auth/google", "routes/_auth/google.ts"),
  route("auth/continue", "routes/_auth/continue.ts"),
  route("register/affiliate", "routes/_auth/register-affiliate.tsx"),
  route("forgot-password", "routes/_auth/forgot-password.tsx"),
  route("password-reset", "routes/_auth/password-reset.tsx"),
  route("verify-email", "routes/_auth/verify-email.tsx"),
  // Signed-in areas, each behind its guard (app/auth/permissions.ts).
  route("dashboard/model", "routes/areas/model-dashboard.tsx"),
  // Her welcome call: where the dashboard card's forms post (issue 29).
  route("dashboard/model/welcome-call", "routes/areas/welcome-call.tsx"),
  // Her contract: read and signed in her dashboard, downloaded as PDF (issue 30).
  route("dashboard/model/contract", "routes/areas/contract.tsx"),
  route("dashboard/model/contract/:contract/pdf", "routes/areas/contract-pdf.ts"),
  // Her monthly statements, and each one's PDF and CSV (issue 30).
  route("dashboard/model/statements", "routes/areas/statements.tsx"),
  route("dashboard/model/statements/:id/:format", "routes/areas/statement-download.ts"),
  // Her identity check: her photos sent, its state (issue 30).
  route("dashboard/model/identity", "routes/areas/identity.tsx"),
  route("portal", "routes/areas/portal.tsx"),
  // Her QR code as files, and the mailed link that confirms new payout details (issue 31).
  route("portal/qr.png", "routes/areas/portal-qr.ts", { id: "portal-qr-png" }),
  route("portal/qr.svg", "routes/areas/portal-qr.ts", { id: "portal-qr-svg" }),
  route("portal/payout-details/confirm", "routes/areas/payout-details-confirm.tsx"),
  route("account/security", "routes/account/security.tsx"),
  route("account/notifications", "routes/account/notifications.tsx"),
  route("account/data.json", "routes/account/data-json.ts"),
  // The file of a mailed export link (POST from /privacy/confirm), outside the page's layout.
  route("privacy/data.json", "routes/_marketing/privacy-data.ts"),
  route("account/privacy", "routes/account/privacy.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    // One list screen, four status filters (the file reads the path).
    route("cadastros", "routes/admin/submissions.tsx", { id: "admin-all" }),
    route("pendentes", "routes/admin/submissions.tsx", { id: "admin-pending" }),
    route("aprovados", "routes/admin/submissions.tsx", { id: "admin-approved" }),
    route("reprovados", "routes/admin/submissions.tsx", { id: "admin-rejected" }),
    route("cadastros/:id", "routes/admin/submission.tsx"),
    route("cadastros/:id/data.json", "routes/admin/submission-data.ts"),
    route("cadastros/:id/erase", "routes/admin/submission-erase.ts"),
    route("cadastros/:id/contact", "routes/admin/submission-contact.ts"),
    route("cadastros/:id/team", "routes/admin/submission-team.ts"),
    route("bulk-tag", "routes/admin/bulk-tag.ts"),
    route("cadastros/:id/manager", "routes/admin/submission-manager.ts"),
    route("bulk-manager", "routes/admin/bulk-manager.ts"),
    route("profile", "routes/admin/profile.tsx"),
    route("views", "routes/admin/saved-views.ts"),
    route("tags", "routes/admin/tags.tsx"),
    route("cadastros/:id/notes", "routes/admin/submission-notes.tsx"),
    route("cadastros/:id/merge", "routes/admin/submission-merge.tsx"),
    route("undo", "routes/admin/undo.ts"),
    route("onboarding", "routes/admin/onboarding.tsx"),
    route("onboarding/steps", "routes/admin/onboarding-steps.tsx"),
    route("cadastros/:id/onboarding", "routes/admin/submission-onboarding.tsx"),
    // Her contract (issue 30): offered, withdrawn, countersigned; its PDF; the templates.
    route("cadastros/:id/contract", "routes/admin/submission-contract.tsx"),
    route("cadastros/:id/contract/:contract/pdf", "routes/admin/submission-contract-pdf.ts"),
    route("contracts", "routes/admin/contracts.tsx"),
    route("cadastros/:id/photos/:photo/:size", "routes/admin/submission-photo.ts"),
    // Her identity checks (issue 30): one reviewed, its photos; how long the photos are kept.
    route("cadastros/:id/identity/:check", "routes/admin/submission-identity.tsx"),
    route("cadastros/:id/identity/:check/:side", "routes/admin/submission-identity-photo.ts"),
    route("privacy/identity", "routes/admin/identity-settings.tsx"),
    route("export.csv", "routes/admin/export.ts"),
    route("users", "routes/admin/users.tsx"),
    route("auth-report", "routes/admin/auth-report.tsx"),
    // E-mail: one screen per tab, under a layout with the tabs; /admin/email leads to the first.
    route("email", "routes/admin/email/layout.tsx", [
      index("routes/admin/email/index.ts"),
      route("smtp", "routes/admin/email/smtp.tsx"),
      route("templates", "routes/admin/email/templates.tsx"),
      route("whatsapp", "routes/admin/email/whatsapp.tsx"),
      // Contact templates by purpose (issue 29).
      route("contact", "routes/admin/email/contact.tsx"),
      route("reasons", "routes/admin/email/reasons.tsx"),
      route("outbox", "routes/admin/email/outbox.tsx"),
    ]),
    route("production-checklist", "routes/admin/production-checklist.tsx"),
    route("tech-report", "routes/admin/tech-report.tsx"),
    route("afiliados", "routes/admin/affiliates.tsx"),
    route("afiliados/:id", "routes/admin/affiliate.tsx"),
    // Payout batches (issue 31): what a batch would take, a batch, its bank file.
    route("afiliados/pagamentos", "routes/admin/affiliate-payouts.tsx"),
    route("afiliados/pagamentos/:batch", "routes/admin/affiliate-payout-batch.tsx"),
    route("afiliados/pagamentos/:batch/payouts.csv", "routes/admin/affiliate-payout-batch-csv.ts"),
    route("access-report", "routes/admin/access-report.tsx"),
    route("access-report.csv", "routes/admin/access-report-export.ts"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("analytics/csv/:table", "routes/admin/analytics-export.ts"),
    route("privacy", "routes/admin/privacy.tsx"),
    // Content: articles, their editor and preview, image uploads, FAQ and testimonials.
    route("blog", "routes/admin/blog.tsx"),
    route("blog/:id", "routes/admin/blog-article.ts"),
    route("blog/:id/:language", "routes/admin/blog-editor.tsx"),
    route("blog/:id/:language/preview", "routes/admin/blog-preview.tsx"),
    route("blog/:id/:language/history", "routes/admin/blog-history.tsx"),
    route("images", "routes/admin/images.ts"),
    route("content", "routes/admin/content.tsx"),
    route("site", "routes/admin/site.tsx"),
    // A manager's week of welcome calls, and her own availability for them (issue 29).
    route("agenda", "routes/admin/agenda.tsx"),
    route("agenda/availability", "routes/admin/agenda-availability.tsx"),
    // Monthly statements (issue 30): a month's models, her month's statement, a CSV import.
    route("statements", "routes/admin/statements.tsx"),
    route("statements/import", "routes/admin/statements-import.tsx"),
    route("statements/:submission/:month", "routes/admin/statement.tsx"),
  ]),
  // Machine-readable resources.
  route("api/geo-language", "routes/resources/geo-language.ts"),
  route("api/chatbot", "routes/resources/chatbot-application.ts"),
  route("api/count", "routes/resources/count.ts"),
  route("api/auth/*", "routes/resources/auth-api.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("blog/feed.xml", "routes/resources/blog-feed.ts"),
  route("media/:file", "routes/resources/media.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
] satisfies RouteConfig;
