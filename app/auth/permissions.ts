import { roles, type Role } from "#app/db/roles.ts";

/**
 * Who may open which signed-in screen, and who may send its forms (product.md section 2): the
 * one list the server's guards (requireScreen and requireScreenAction in guards.server.ts), the
 * admin sidebar and the access tests read. Shared by the server, which decides, and the interface,
 * which only hides what she cannot use.
 */
interface Screen {
  /** Its URL patterns in app/routes.ts. */
  readonly paths: readonly string[];
  /** Who may open it: its loader's guard. */
  readonly roles: readonly Role[];
  /** Who may send its forms (its action's guard), where fewer may than may open it. */
  readonly act?: readonly Role[];
}

const staff = ["approver", "admin"] as const satisfies readonly Role[];
const admins = ["admin"] as const satisfies readonly Role[];
// The agency's own content (articles, FAQ, testimonials, the Site screen): editors and admins.
const content = ["editor", "admin"] as const satisfies readonly Role[];

export const screens = {
  // Her own area: a model's, an affiliate's; her account, whatever her role.
  modelDashboard: { paths: ["/dashboard/model"], roles: ["model"] },
  modelData: { paths: ["/account/data.json"], roles: ["model"] },
  // Booking, moving or cancelling her own welcome call (issue 29): an approved model's.
  modelWelcomeCall: { paths: ["/dashboard/model/welcome-call"], roles: ["model"] },
  // Her contract, to sign and download (issue 30): her own only (a query filter).
  modelContract: {
    paths: ["/dashboard/model/contract", "/dashboard/model/contract/:contract/pdf"],
    roles: ["model"],
  },
  // Her identity check (issue 30): an approved model sends her photos and reads its state.
  modelIdentity: { paths: ["/dashboard/model/identity"], roles: ["model"] },
  // Her erasure request, a form on her dashboard: a GET only sends everyone back there.
  modelPrivacy: { paths: ["/account/privacy"], roles: ["model"] },
  // Her published monthly statements and their files (issue 30).
  modelStatements: {
    paths: ["/dashboard/model/statements", "/dashboard/model/statements/:id/:format"],
    roles: ["model"],
  },
  // Her portal, her QR code's files and the mailed link of new payout details (issue 31): hers
  // only, by her session.
  affiliatePortal: {
    paths: ["/portal", "/portal/qr.png", "/portal/qr.svg", "/portal/payout-details/confirm"],
    roles: ["affiliate"],
  },
  accountSecurity: { paths: ["/account/security"], roles },
  // How a reviewer hears about new applications (app/features/staff-alerts/).
  accountNotifications: { paths: ["/account/notifications"], roles: staff },
  // The back office (its layout's middleware as well): applications for approvers and admins,
  // the content screens for editors and admins. Each screen below narrows it.
  admin: { paths: ["/admin"], roles: ["approver", "editor", "admin"] },
  adminDashboard: { paths: ["/admin/dashboard"], roles: staff },
  adminReview: {
    paths: ["/admin/cadastros", "/admin/pendentes", "/admin/aprovados", "/admin/reprovados"],
    roles: staff,
  },
  adminExport: { paths: ["/admin/export.csv"], roles: staff },
  // Taking back one's own decision within its minute (the decider only: undo.server.ts checks).
  adminUndo: { paths: ["/admin/undo"], roles: staff },
  // Her page, and writing to her from it (WhatsApp, her decision's mail again): the reviewers.
  adminApplication: {
    paths: ["/admin/cadastros/:id", "/admin/cadastros/:id/contact"],
    roles: staff,
  },
  // Working as a team (issue 28): an application's owner, tags and ratings, tagging from the
  // list, and each reviewer's own saved views; the tags themselves are the admin's.
  adminApplicationTeam: { paths: ["/admin/cadastros/:id/team"], roles: staff },
  adminBulkTag: { paths: ["/admin/bulk-tag"], roles: staff },
  adminSavedViews: { paths: ["/admin/views"], roles: staff },
  // Her talent manager, from her page or in bulk from the list, and each reviewer's own profile
  // as the models she manages see it (issue 29).
  adminApplicationManager: { paths: ["/admin/cadastros/:id/manager"], roles: staff },
  adminBulkManager: { paths: ["/admin/bulk-manager"], roles: staff },
  adminProfile: { paths: ["/admin/profile"], roles: staff },
  adminTags: { paths: ["/admin/tags"], roles: admins },
  // After approval (issue 29): the approved models by onboarding step, one application's steps
  // (the detail's panel posts there), and the agency's list of steps, which is the admin's.
  adminOnboarding: { paths: ["/admin/onboarding"], roles: staff },
  adminApplicationOnboarding: { paths: ["/admin/cadastros/:id/onboarding"], roles: staff },
  adminOnboardingSteps: { paths: ["/admin/onboarding/steps"], roles: admins },
  // Her contract (issue 30): the reviewers see it and its PDF; only an admin offers,
  // withdraws or countersigns, and only an admin writes the templates.
  adminApplicationContract: {
    paths: ["/admin/cadastros/:id/contract", "/admin/cadastros/:id/contract/:contract/pdf"],
    roles: staff,
    act: admins,
  },
  adminContracts: { paths: ["/admin/contracts"], roles: admins },
  // The team's private notes on her application (and the page that answers a refused change
  // when the browser posts without JavaScript): the reviewers. Merging a duplicate into another
  // is the admin's; an approver may see the refusal, never send it (issue 28).
  adminApplicationNotes: { paths: ["/admin/cadastros/:id/notes"], roles: staff },
  adminApplicationMerge: { paths: ["/admin/cadastros/:id/merge"], roles: staff, act: admins },
  // Her photos, one at a time, for the reviewers only (routes/admin/submission-photo.ts).
  adminApplicationPhoto: { paths: ["/admin/cadastros/:id/photos/:photo/:size"], roles: staff },
  // Her identity check, reviewed and answered, and its photos: the reviewers (issue 30).
  adminApplicationIdentity: { paths: ["/admin/cadastros/:id/identity/:check"], roles: staff },
  adminIdentityPhoto: { paths: ["/admin/cadastros/:id/identity/:check/:side"], roles: staff },
  // An application's data and its erasure are the admin's (a GET of erase goes to its page).
  adminApplicationData: { paths: ["/admin/cadastros/:id/data.json"], roles: admins },
  adminApplicationErase: { paths: ["/admin/cadastros/:id/erase"], roles: staff, act: admins },
  // Approvers read the affiliates and the analytics; every change to an affiliate is an admin's.
  adminAffiliates: { paths: ["/admin/afiliados"], roles: staff, act: admins },
  adminAffiliate: { paths: ["/admin/afiliados/:id"], roles: staff, act: admins },
  adminAnalytics: { paths: ["/admin/analytics", "/admin/analytics/csv/:table"], roles: staff },
  // Payout batches and their bank files, with every affiliate's decrypted details: admins only.
  adminAffiliatePayouts: {
    paths: [
      "/admin/afiliados/pagamentos",
      "/admin/afiliados/pagamentos/:batch",
      "/admin/afiliados/pagamentos/:batch/payouts.csv",
    ],
    roles: admins,
  },
  // Welcome calls (issue 29): each manager's week and her own availability (an admin may open
  // anyone's week; the invitation's title on the availability page is the admin's).
  adminAgenda: { paths: ["/admin/agenda"], roles: staff },
  adminAvailability: { paths: ["/admin/agenda/availability"], roles: staff },
  // Monthly statements (issue 30): approvers read them, admins record, publish, correct and pay.
  adminStatements: {
    paths: ["/admin/statements", "/admin/statements/:submission/:month"],
    roles: staff,
    act: admins,
  },
  adminStatementsImport: { paths: ["/admin/statements/import"], roles: admins },
  // The admin's own: people, mail, privacy settings and the four reports.
  adminUsers: { paths: ["/admin/users"], roles: admins },
  adminEmail: {
    paths: [
      "/admin/email",
      "/admin/email/smtp",
      "/admin/email/templates",
      "/admin/email/whatsapp",
      "/admin/email/contact",
      "/admin/email/reasons",
      "/admin/email/outbox",
    ],
    roles: admins,
  },
  adminPrivacy: { paths: ["/admin/privacy"], roles: admins },
  // How long identity photos are kept (issue 30), a form of the privacy screen.
  adminIdentitySettings: { paths: ["/admin/privacy/identity"], roles: admins },
  adminChecklist: { paths: ["/admin/production-checklist"], roles: admins },
  adminAuthReport: { paths: ["/admin/auth-report"], roles: admins },
  adminAccessReport: { paths: ["/admin/access-report"], roles: admins },
  adminAccessReportExport: { paths: ["/admin/access-report.csv"], roles: admins },
  adminTechReport: { paths: ["/admin/tech-report"], roles: admins },
  // Content: the articles, one article's editor and preview, image uploads, FAQ and testimonials.
  adminBlog: { paths: ["/admin/blog"], roles: content },
  adminBlogPost: { paths: ["/admin/blog/:id", "/admin/blog/:id/:language"], roles: content },
  adminBlogPreview: {
    // The preview's page (its phone and desktop frames) and the page it frames.
    paths: ["/admin/blog/:id/:language/preview", "/admin/blog/:id/:language/preview/page"],
    roles: content,
  },
  adminBlogHistory: { paths: ["/admin/blog/:id/:language/history"], roles: content },
  adminImages: { paths: ["/admin/images"], roles: content },
  adminContent: { paths: ["/admin/content"], roles: content },
  // What the public site says of the agency: profiles, WhatsApp, company, figures, how it works.
  adminSite: { paths: ["/admin/site"], roles: content },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screens;
export type ScreenPath = (typeof screens)[ScreenName]["paths"][number];

const byName: Record<ScreenName, Screen> = screens;

/**
 * The routes anyone may open, signed in or not, with no guard of a role: public pages, sign-in
 * and its round trips, links sent by mail, and the machine-readable resources. With the screens,
 * every URL pattern of app/routes.ts (a test checks).
 */
export const publicPaths = [
  "/",
  "/contact",
  "/blog",
  "/blog/:slug",
  // A draft shared by its private link (the token is the permission).
  "/blog/preview/:token",
  "/privacy",
  "/privacy/request",
  "/privacy/confirm",
  "/privacy/data.json",
  "/*",
  "/register/model",
  "/register/affiliate",
  "/permission-denied",
  "/login",
  "/login/two-factor",
  "/logout",
  "/auth/google",
  "/auth/continue",
  "/forgot-password",
  "/password-reset",
  "/verify-email",
  "/api/geo-language",
  "/api/chatbot",
  "/api/count",
  "/api/auth/*",
  "/sitemap.xml",
  "/blog/feed.xml",
  "/media/:file",
  "/robots.txt",
] as const;

/** The roles that may open a screen. */
export function rolesOf(screen: ScreenName): readonly Role[] {
  return byName[screen].roles;
}

/** The roles that may send a screen's forms. */
export function actorsOf(screen: ScreenName): readonly Role[] {
  return byName[screen].act ?? byName[screen].roles;
}

export function mayOpen(role: Role, screen: ScreenName): boolean {
  return rolesOf(screen).includes(role);
}

export function mayAct(role: Role, screen: ScreenName): boolean {
  return actorsOf(screen).includes(role);
}

/** The screen a URL pattern of app/routes.ts belongs to, if any (a public route has none). */
export function screenAt(path: ScreenPath): ScreenName;
export function screenAt(path: string): ScreenName | undefined;
export function screenAt(path: string): ScreenName | undefined {
  return (Object.keys(byName) as ScreenName[]).find((name) => byName[name].paths.includes(path));
}

/** The back office: screens under /admin, whose staff sign in with two steps in production. */
export function inBackOffice(screen: ScreenName): boolean {
  return byName[screen].paths.every((path) => path === "/admin" || path.startsWith("/admin/"));
}

/** Where a signed-in user lands: the first of these her role may open. */
const homes = ["adminDashboard", "adminBlog", "affiliatePortal", "modelDashboard"] as const;

export function homeOf(role: Role): string {
  const home = homes.find((screen) => mayOpen(role, screen)) ?? "modelDashboard";
  return byName[home].paths[0]!;
}

// Any whitespace, control or invisible formatting character, or backslash. Browsers drop tabs and
// newlines from URLs and read `\` as `/`, so `/\t/evil.example` or `/\\evil.example` would
// become `//evil.example`, another site. No path of this site contains one.
const UNSAFE_IN_PATH = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\]/u;
const PARSE_BASE = "http://return-path.invalid";

/**
 * A return path from a query string or a form, kept only when it is a path on this site, so a
 * sign-in link can never send her elsewhere (`//evil.example`, `https://…`, `/\t/evil.example`,
 * `javascript:`). It is parsed as a browser would parse it and must stay on the same origin; what
 * comes back is that parsed form, never the raw text.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || UNSAFE_IN_PATH.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can turn a harmless path into a protocol-relative one: `/.//evil.example`.
  if (path.startsWith("//") || UNSAFE_IN_PATH.test(path)) return null;
  return path;
}
