import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration, type AppServer, type Role } from "./fixtures.ts";

/**
 * The back office's review, end to end: an application arrives through the landing form, an
 * approver finds it, approves it with a note, the applicant's e-mail reaches a real SMTP server
 * in her language, and a second reviewer who had the page open is told instead of overwriting.
 */
const APPLICANT = "review.lucia@example.com";

// On the worker's server, beside other specs' applications: the lists are searched for this
// spec's own (its addresses all start with "review."), never read whole.

test.describe("reviewing applications", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ app, request }) => {
    const sent = await request.post(`${app.origin}/?index&lang=es`, {
      headers: { origin: app.origin },
      form: {
        fullName: "Lucía Fernández",
        age: "26",
        email: APPLICANT,
        instagram: "@lucia.fz",
        experience: "intermediate",
        message: "Me gustaría crecer con un equipo profesional.",
        consent: "on",
      },
    });
    expect(sent.status()).toBe(200);
  });

  async function signedIn(app: AppServer, browser: Browser, role: Role): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await app.signIn(page, role);
    return page;
  }

  test("approve with a note: her mail arrives, the history shows it, a second reviewer is told", async ({
    app,
    browser,
  }) => {
    const approver = await signedIn(app, browser, "approver");
    const admin = await signedIn(app, browser, "admin");

    // The dashboard counts her, and the pending list shows her.
    await expect(approver.locator("h1")).toHaveText(t("en", "admin.dashboard.title"));
    await expectAccessible(approver, "the dashboard");
    await approver
      .getByRole("navigation", { name: t("en", "admin.nav.label") })
      .getByRole("link", { name: t("en", "admin.nav.pending") })
      .click();
    await expect(approver).toHaveURL(`${app.origin}/admin/pendentes`);
    await expect(approver.getByRole("table")).toContainText("Lucía Fernández");
    await expectAccessible(approver, "the pending list");

    // A search finds her by the start of her e-mail; another start finds nothing.
    await approver.getByRole("searchbox").fill("review.luc");
    await approver.getByRole("searchbox").press("Enter");
    await expect(approver.getByRole("table")).toContainText(APPLICANT);
    await approver.getByRole("searchbox").fill("zzz");
    await approver.getByRole("searchbox").press("Enter");
    await expect(approver.getByRole("table")).toHaveCount(0);

    // The list on screen as a CSV file.
    await approver.goto(`${app.origin}/admin/pendentes`);
    const [download] = await Promise.all([
      approver.waitForEvent("download"),
      approver.getByRole("link", { name: t("en", "admin.list.export") }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pendentes-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv).toContain("Lucía Fernández");
    expect(csv).toContain(APPLICANT);

    await approver.getByRole("link", { name: "Lucía Fernández" }).click();
    await expect(approver.locator("h1")).toHaveText("Lucía Fernández");
    await expectAccessible(approver, "the application");

    // The admin has the same page open, from before the decision.
    await admin.goto(approver.url());
    await waitForHydration(admin);

    await approver
      .getByLabel(t("en", "admin.notes.toApplicant"), { exact: true })
      .fill("Perfil muy profesional.");
    await approver.getByRole("button", { name: t("en", "admin.detail.toAprovado") }).click();
    await expect(
      approver.getByRole("status").filter({
        hasText: t("en", "admin.detail.changed", { status: t("en", "admin.status.Aprovado") }),
      }),
    ).toBeVisible();
    await expect(
      approver.getByRole("region", { name: t("en", "admin.detail.history") }),
    ).toContainText("Perfil muy profesional.");

    const mail = await app.mail.mailTo(APPLICANT, 1); // after her confirmation
    expect(mail.subject).toBe(t("es", "mail.approved.subject"));
    expect(mail.text).toContain("Perfil muy profesional.");

    // The admin's page still offers the old choices: her click is refused, nothing overwritten.
    await admin.getByRole("button", { name: t("en", "admin.detail.toReprovado") }).click();
    await expect(admin.getByRole("alert")).toHaveText(
      t("en", "admin.detail.conflict", { status: t("en", "admin.status.Aprovado") }),
    );

    // The access report shows the decision once: who, what, on whom; the refused click is not in it.
    await admin.goto(`${app.origin}/admin/access-report?action=submission.status`);
    const entries = admin.getByRole("row").filter({ hasText: "Lucía Fernández" });
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText(t("en", "admin.accessReport.actions.submissionStatus"));
    await expect(entries).toContainText((await app.account("approver")).name);
    await expect(entries).toContainText(t("en", "admin.accessReport.roles.approver"));
    await admin.context().close();
    await approver.context().close();
  });

  test("filters, bulk decisions, and the admin's reports", async ({ app, browser, request }) => {
    for (const [fullName, email] of [
      ["Marina Costa", "review.bulk.marina@example.com"],
      ["Paula Reis", "review.bulk.paula@example.com"],
    ] as const) {
      const sent = await request.post(`${app.origin}/?index&lang=pt`, {
        headers: { origin: app.origin },
        form: {
          fullName,
          age: "24",
          email,
          instagram: "@studio.floripa",
          experience: "beginner",
          message: "Quero começar com uma equipe séria.",
          consent: "on",
        },
      });
      expect(sent.status()).toBe(200);
    }
    const admin = await signedIn(app, browser, "admin");
    await admin.goto(`${app.origin}/admin/pendentes?lang=en`);
    await waitForHydration(admin);

    // Filters travel in the URL: this spec's Portuguese applications, oldest first.
    await admin.getByRole("searchbox").fill("review.");
    await admin.getByLabel(t("en", "admin.list.language"), { exact: true }).selectOption("pt");
    await admin.getByLabel(t("en", "admin.list.sort"), { exact: true }).selectOption("oldest");
    await admin.getByRole("button", { name: t("en", "admin.list.apply") }).click();
    await expect(admin).toHaveURL(/language=pt/);
    await expect(admin).toHaveURL(/q=review\./);
    const rows = admin.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(3); // the heading's row and theirs
    await expect(rows.nth(1)).toContainText("Marina Costa");
    await expect(rows.nth(2)).toContainText("Paula Reis");
    await expect(admin.getByRole("table")).not.toContainText("Lucía");
    await expectAccessible(admin, "the filtered list");

    // Both ticked, rejected at once with one note.
    await admin
      .getByRole("checkbox", { name: t("en", "admin.bulk.selectOne", { name: "Marina Costa" }) })
      .check();
    await admin
      .getByRole("checkbox", { name: t("en", "admin.bulk.selectOne", { name: "Paula Reis" }) })
      .check();
    await admin
      .getByLabel(t("en", "admin.detail.note"), { exact: true })
      .fill("Vagas preenchidas neste mês.");
    // A reason, where the agency has some (another spec of this server may have added one).
    const reason = admin.getByLabel(t("en", "admin.bulk.reason"), { exact: true });
    if (await reason.count()) await reason.selectOption({ index: 1 });
    await admin.getByRole("button", { name: t("en", "admin.bulk.reject") }).click();
    // Asked first, naming the count.
    const confirm = admin.getByRole("dialog", {
      name: t("en", "admin.bulk.confirm.Reprovado_other", { count: 2 }),
    });
    await confirm
      .getByRole("button", { name: t("en", "admin.bulk.confirm.go.Reprovado_other", { count: 2 }) })
      .click();
    await expect(
      admin.getByRole("status").filter({ hasText: t("en", "admin.bulk.done_other", { count: 2 }) }),
    ).toBeVisible();
    const mail = await app.mail.mailTo("review.bulk.paula@example.com", 1); // after her confirmation
    expect(mail.subject).toBe(t("pt", "mail.rejected.subject"));
    expect(mail.text).toContain("Vagas preenchidas neste mês.");

    // The admin-only reports open, and pass axe.
    for (const [path, title] of [
      ["/admin/production-checklist", "admin.checklist.title"],
      ["/admin/tech-report", "admin.tech.title"],
    ] as const) {
      await admin.goto(`${app.origin}${path}`);
      await expect(admin.locator("h1")).toHaveText(t("en", title));
      await expectAccessible(admin, path);
    }
    // This test server runs on PGlite: the checklist says so, with the fix.
    await admin.goto(`${app.origin}/admin/production-checklist`);
    await expect(admin.getByText(t("en", "admin.checklist.checks.database.fix"))).toBeVisible();
    await admin.context().close();
  });
});
