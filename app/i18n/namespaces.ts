/**
 * The interface strings are split by where they are shown (app/i18n/locales/<lang>/<ns>.json), so a
 * page carries only its own: `common` with the shell (root loader), the rest asked for by each
 * route's loader (`pageStrings`) or by lazy code (the chatbot). The keys keep their full path
 * (`admin.list.title` lives in admin-list.json), so moving a string between files never
 * changes a component. See docs/decisions/018-strings-by-route.md.
 */
export const namespaces = [
  "common",
  // The shell's account menu, sent only to a signed-in user (a visitor's pages go without it).
  "account-menu",
  // The public pages' navigation bar and footer (the marketing layout).
  "site",
  "marketing",
  "contact",
  "blog",
  "preselection",
  "privacy",
  "privacy-request",
  "privacy-confirm",
  "privacy-controls",
  "auth",
  "auth-errors",
  "security",
  // A reviewer's choice of alerts for new applications (/account/notifications).
  "notifications",
  "chatbot",
  // Shared by the signed-in areas: statuses, sources, the 2FA state, date-range errors.
  "areas",
  "model",
  "portal",
  // The affiliate program's words shared by her portal and the admin's pages (issue 31): the
  // rule in a sentence, each entry's description, state and void reason.
  "affiliate-program",
  "admin",
  "admin-dashboard",
  "admin-list",
  "admin-detail",
  // Working as a team on the review: owners, tags, ratings, saved views (issue 28).
  "admin-team",
  // The review's keyboard shortcuts, on the lists and on an application's page.
  "admin-keys",
  // After approval (issue 29): the onboarding view, its steps and an application's panel; and
  // what the model reads of her onboarding on her dashboard (no staff words in hers).
  "onboarding",
  "onboarding-model",
  // Her monthly statements (issue 30): the staff's screens, her page, her files.
  "statements",
  "admin-analytics",
  // The welcome call: her card, the manager's agenda and availability, their mails (issue 29).
  "welcome-call",
  // Her identity check (issue 30): her page, the reviewers' panel and review, the photos' period.
  "identity",
  "admin-affiliates",
  "admin-access-report",
  "admin-users",
  "admin-auth-report",
  "admin-checklist",
  "admin-tech",
  "admin-email",
  // Contact templates by purpose (issue 29): their screen and an application's contact panel.
  "contact-templates",
  "admin-privacy",
  "admin-blog",
  // An image upload's refusals: the article's cover, the content screen's photos.
  "admin-images",
  "admin-content",
  // The Site screen (social profiles, WhatsApp, company, figures, how it works).
  "admin-site",
  // Her talent manager and the staff's own profile (issue 29); the model's card of her manager.
  "manager",
  "manager-card",
  // Her contract (issue 30): the templates, her page's panel, her signing page and card.
  "contracts",
  // The affiliate's payouts (issue 31): her payout details and payouts in the portal, the
  // mailed link's page; the admin's payout batches.
  "payouts",
  "admin-payouts",
  // Read by the server only (page titles, mail): never sent to a browser.
  "meta",
  // The default "how it works" of the home page, until the agency writes its own.
  "site-content",
  "mail",
  "mail-staff",
  // The affiliate's payout mails (issue 31).
  "mail-payouts",
] as const;

export type Namespace = (typeof namespaces)[number];

export const serverOnlyNamespaces: readonly Namespace[] = [
  "meta",
  "mail",
  "mail-staff",
  "mail-payouts",
  "site-content",
];
