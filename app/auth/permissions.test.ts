import { describe, expect, it } from "vitest";
import { roles, type Role } from "#app/db/roles.ts";
import { adminNavigation } from "#app/features/admin/admin-nav.ts";
import { table } from "../../tests/e2e/access-roles.ts";
import {
  actorsOf,
  homeOf,
  inBackOffice,
  mayOpen,
  publicPaths,
  rolesOf,
  screenAt,
  screens,
  type ScreenName,
} from "./permissions.ts";

const staff: Role[] = ["approver", "admin"];
const admins: Role[] = ["admin"];
const content: Role[] = ["editor", "admin"];

/**
 * product.md section 2, written out here apart from the map on purpose: the guards, the admin
 * sidebar and both access matrices read the map, so a map that opened a screen to the wrong role
 * would be obeyed everywhere and contradicted nowhere but here. Changing who may do what is a
 * decision of the specification, made in both places.
 */
const specification: Record<ScreenName, { open: Role[]; act?: Role[] }> = {
  // /dashboard/model (own data only): her dashboard, her data as a file, her erasure request.
  modelDashboard: { open: ["model"] },
  modelData: { open: ["model"] },
  modelPrivacy: { open: ["model"] },
  // Her own welcome call (product.md section 8): booking, moving, cancelling.
  modelWelcomeCall: { open: ["model"] },
  // Her contract (issue 30, product.md section 8): she reads, signs and downloads her own.
  modelContract: { open: ["model"] },
  // Her published monthly statements and their PDF and CSV (issue 30): hers only.
  modelStatements: { open: ["model"] },
  // Her own identity check (product.md section 8): her photos sent, its state.
  modelIdentity: { open: ["model"] },
  // /portal (own referrals only).
  affiliatePortal: { open: ["affiliate"] },
  // Her own password, two-step sign-in and sessions, whatever her role.
  accountSecurity: { open: [...roles] },
  // How she hears about new applications (issue 17): the reviewers' own choice.
  accountNotifications: { open: staff },
  // Admin: dashboard, cadastros/pendentes/aprovados/reprovados, submission detail; approvers
  // approve, reject and add notes (which change each may make is review.server.ts's business).
  // The back office lets in approvers and admins, and editors for the content screens.
  admin: { open: [...staff, "editor"] },
  adminDashboard: { open: staff },
  adminReview: { open: staff },
  adminExport: { open: staff },
  // Undoing one's own decision within its minute (undo.server.ts checks it is hers).
  adminUndo: { open: staff },
  adminApplication: { open: staff },
  // Issue 28 (product.md section 7): reviewers own, tag and rate applications and keep views
  // of their own; the list of tags is the admin's.
  adminApplicationTeam: { open: staff },
  adminBulkTag: { open: staff },
  adminSavedViews: { open: staff },
  // Issue 29 (product.md section 8): her talent manager, an approver or an admin, assigned by
  // either; each reviewer edits her own profile as the models she manages see it.
  adminApplicationManager: { open: staff },
  adminBulkManager: { open: staff },
  adminProfile: { open: staff },
  adminTags: { open: admins },
  // After approval (issue 29, product.md section 8): the reviewers follow and tick the
  // onboarding; the list of steps itself is the admin's, as the tags are.
  adminOnboarding: { open: staff },
  adminApplicationOnboarding: { open: staff },
  adminOnboardingSteps: { open: admins },
  // Her contract (issue 30): the reviewers see it and its PDF; an admin offers, withdraws and
  // countersigns it, and writes the templates ("edited by an admin").
  adminApplicationContract: { open: staff, act: admins },
  adminContracts: { open: admins },
  // Private notes: approvers and admins (product.md section 2: "approve/reject/notes"). Merging
  // duplicates removes an application: the admin's, as reopening and erasure are (issue 28).
  adminApplicationNotes: { open: staff },
  adminApplicationMerge: { open: staff, act: admins },
  // Her photos (product.md section 7): shown only to staff.
  adminApplicationPhoto: { open: staff },
  // Her identity check (section 8): staff-only, its photos too.
  adminApplicationIdentity: { open: staff },
  adminIdentityPhoto: { open: staff },
  // An application's data and its erasure are the admin's (README, Back office).
  adminApplicationData: { open: admins },
  adminApplicationErase: { open: staff, act: admins },
  // Admin: afiliados, analytics: approvers read.
  adminAffiliates: { open: staff, act: admins },
  adminAffiliate: { open: staff, act: admins },
  adminAnalytics: { open: staff },
  adminAffiliatePayouts: { open: admins },
  // Welcome calls (section 8): a manager's week and her own availability; an approver or admin.
  adminAgenda: { open: staff },
  // Monthly statements (issue 30): approvers may read them; recording, publishing, correcting,
  // paying and importing are the admin's.
  adminStatements: { open: staff, act: admins },
  adminStatementsImport: { open: admins },
  adminAvailability: { open: staff },
  // Admin: email, users, production-checklist, auth/access/tech reports (and the privacy
  // settings, README's "Admin only").
  adminUsers: { open: admins },
  adminEmail: { open: admins },
  adminPrivacy: { open: admins },
  // How long identity photos are kept: the privacy screen's, the admin's.
  adminIdentitySettings: { open: admins },
  adminChecklist: { open: admins },
  adminAuthReport: { open: admins },
  adminAccessReport: { open: admins },
  adminAccessReportExport: { open: admins },
  adminTechReport: { open: admins },
  // Admin: blog, FAQ and testimonials: admins and editors, no one else.
  adminBlog: { open: content },
  adminBlogPost: { open: content },
  adminBlogPreview: { open: content },
  adminBlogHistory: { open: content },
  adminImages: { open: content },
  adminContent: { open: content },
  // The Site screen (product.md section 9): admins and editors.
  adminSite: { open: content },
};

const names = Object.keys(screens) as ScreenName[];
const sorted = (list: readonly Role[]) => [...list].sort();

describe("who may open which screen (app/auth/permissions.ts)", () => {
  it("names every URL pattern of app/routes.ts once, as a screen or as public", () => {
    const named: string[] = [...names.flatMap((name) => screens[name].paths), ...publicPaths];
    const patterns = [...table.keys()];
    expect(
      patterns.filter((pattern) => !named.includes(pattern)),
      "routes the map does not name: add each to `screens` (with its roles) or to `publicPaths`",
    ).toEqual([]);
    expect(
      named.filter((path) => !table.has(path)),
      "paths of the map that app/routes.ts does not have",
    ).toEqual([]);
    expect(
      named.filter((path, index) => named.indexOf(path) !== index),
      "paths named twice",
    ).toEqual([]);
  });

  it("says what product.md section 2 says", () => {
    const written = Object.fromEntries(
      names.map((name) => [name, { open: sorted(rolesOf(name)), act: sorted(actorsOf(name)) }]),
    );
    const specified = Object.fromEntries(
      Object.entries(specification).map(([name, { open, act }]) => [
        name,
        { open: sorted(open), act: sorted(act ?? open) },
      ]),
    );
    expect(written).toEqual(specified);
  });

  it("lets no one send a screen's forms who may not open it", () => {
    for (const name of names) {
      expect(rolesOf(name), name).toEqual(expect.arrayContaining([...actorsOf(name)]));
    }
  });

  it("opens a back-office screen only to roles the back office lets in (its middleware)", () => {
    for (const name of names.filter(inBackOffice)) {
      expect(rolesOf("admin"), name).toEqual(expect.arrayContaining([...rolesOf(name)]));
    }
  });

  it("sends each role home to a screen she may open", () => {
    for (const role of roles) {
      const home = homeOf(role);
      expect(mayOpen(role, screenAt(home)!), `${role} → ${home}`).toBe(true);
    }
  });

  it("shows in the admin sidebar each back-office page with the roles that may open it", () => {
    for (const { path, roles: shownTo } of adminNavigation) {
      const screen = screenAt(path);
      expect(inBackOffice(screen), path).toBe(true);
      expect(shownTo, path).toEqual(rolesOf(screen));
    }
  });
});
