import type { ParsedMail } from "mailparser";
import { expectAccessible } from "./axe.ts";
import { expect, t, test, waitForHydration } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The model's side, end to end: she signs up with her application on /register/model, confirms
 * her address from the mail, finds her application pending on her dashboard; a reviewer approves
 * it with a note; she then sees it approved, with its history, the note and her next steps.
 */
const PASSWORD = "minha-carreira-segura-2026";
const MODEL = "bia.dashboard@example.com";

const linkIn = (mail: ParsedMail) => {
  const link = /https?:\/\/\S+/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
};

test.describe("the model dashboard", () => {
  test.describe.configure({ mode: "serial" });
  test("she applies with an account, is approved, and sees it with her next steps", async ({
    app,
    browser,
  }) => {
    test.setTimeout(paced(90_000));
    const lang = "pt";
    const model = await (await browser.newContext()).newPage();
    await model.goto(`${app.origin}/register/model?lang=${lang}`);
    await waitForHydration(model);
    const field = (key: string) =>
      model.getByLabel(t(lang, `preselection.${key}`), { exact: true });
    await field("fullName").fill("Beatriz Lima");
    await field("age").fill("24");
    await field("email").fill(MODEL);
    await field("whatsapp").fill("+55 48 99999-1234");
    await field("instagram").fill("@bia.lima");
    await model.getByLabel(t(lang, "auth.password"), { exact: true }).fill(PASSWORD);
    await field("experienceOptions.beginner").check();
    await field("message").fill("Quero começar com uma equipe séria e cuidadosa.");
    await field("consent").check();
    await model.getByRole("button", { name: t(lang, "preselection.submit") }).click();
    await expect(model.getByText(t(lang, "preselection.sentTitle")).first()).toBeVisible();

    // Her two mails: the application's confirmation and the address's; she follows the second.
    const mails = [await app.mail.mailTo(MODEL, 0), await app.mail.mailTo(MODEL, 1)];
    const verification = mails.find(
      (mail) => mail.subject === t(lang, "mail.verification.subject"),
    );
    expect(verification, mails.map((mail) => mail.subject).join(" / ")).toBeTruthy();
    await model.goto(linkIn(verification!));
    await model.getByRole("button", { name: t(lang, "auth.verify.submit") }).click();
    await expect(model).toHaveURL(`${app.origin}/dashboard/model`);
    await expect(model.locator("h1")).toHaveText(
      t(lang, "dashboard.greeting", { name: "Beatriz" }),
    );
    await expect(model.getByText(t(lang, "dashboard.status.Pendente.title"))).toBeVisible();
    // Her history in sentences of her language, the day on the agency's calendar.
    const today = new Intl.DateTimeFormat(lang, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "America/Sao_Paulo",
    }).format(new Date());
    const received = t(lang, "dashboard.timeline.received", { date: today });
    await expect(model.getByText(received)).toBeVisible();
    await expect(model.getByText(t(lang, "dashboard.next.title"))).toHaveCount(0);
    await expectAccessible(model, "the dashboard, pending");

    // A reviewer approves it with a note.
    const admin = await (await browser.newContext()).newPage();
    const reviewer = await app.signIn(admin, "admin");
    await admin.goto(`${app.origin}/admin/pendentes`);
    await admin.getByRole("link", { name: "Beatriz Lima" }).click();
    // Her page, not the list any more, before anything is typed into it.
    await expect(admin.locator("h1")).toHaveText("Beatriz Lima");
    await waitForHydration(admin);
    await admin
      .getByLabel(t("en", "admin.notes.toApplicant"), { exact: true })
      .fill("Perfil muito profissional, bem-vinda!");
    await admin.getByRole("button", { name: t("en", "admin.detail.toAprovado") }).click();
    await expect(
      admin.getByRole("status").filter({
        hasText: t("en", "admin.detail.changed", { status: t("en", "admin.status.Aprovado") }),
      }),
    ).toBeVisible({ timeout: paced(15_000) }); // the change, its mail queued and the page reloaded
    await expect(
      admin.getByRole("region", { name: t("en", "admin.detail.history") }),
    ).toContainText("Perfil muito profissional, bem-vinda!");
    await admin.context().close();

    // She sees the decision, its date in the history with the note, and what comes next.
    await model.reload();
    await expect(model.getByText(t(lang, "dashboard.status.Aprovado.title"))).toBeVisible();
    const history = model.getByRole("list").filter({ hasText: received });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history).toContainText(t(lang, "dashboard.timeline.approved", { date: today }));
    // Never the staff's words for it.
    await expect(history).not.toContainText(t(lang, "admin.status.Pendente"));
    await expect(history).toContainText("Perfil muito profissional, bem-vinda!");
    // Her onboarding as it stands (issue 29) replaces the general steps once she has one.
    await expect(
      model.getByRole("heading", { name: t(lang, "onboarding.model.title") }),
    ).toBeVisible();
    await expect(
      model.getByText(t(lang, "onboarding.model.stepOf", { current: 1, total: 5 })),
    ).toBeVisible();
    await expect(model.getByText(t(lang, "dashboard.next.title"))).toHaveCount(0);
    // Approved without a talent manager yet: her welcome call's card says one is coming.
    await expect(model.locator("#welcome-call")).toContainText(t(lang, "welcomeCall.card.waiting"));
    // The reviewer's name is not hers to see.
    await expect(model.locator("main")).not.toContainText(reviewer.name);

    // The answers she sent, with nothing she did not send.
    await model.getByText(t(lang, "dashboard.answers.title")).click();
    await expect(model.getByText("@bia.lima").first()).toBeVisible();
    await expectAccessible(model, "the dashboard, approved, answers open");

    // Her profile: a bad WhatsApp is refused with the form's message, a good one saved.
    const whatsapp = model.getByLabel(t(lang, "dashboard.profile.whatsapp"), { exact: true });
    await whatsapp.fill("call me");
    await model.getByRole("button", { name: t(lang, "dashboard.profile.save") }).click();
    await expect(model.getByText(t(lang, "validation.whatsappInvalid"))).toBeVisible();
    await expect(whatsapp).toHaveValue("call me");
    await whatsapp.fill("+55 48 98888-7777");
    await model.getByRole("button", { name: t(lang, "dashboard.profile.save") }).click();
    await expect(model.getByText(t(lang, "dashboard.profile.saved"))).toBeVisible();
    await expect(whatsapp).toHaveValue("+5548988887777");

    // Security: the page lists this device and offers the password change.
    await model.getByRole("link", { name: t(lang, "dashboard.security.manage") }).click();
    await expect(model).toHaveURL(`${app.origin}/account/security`);
    await expect(
      model.getByText(t(lang, "security.sessions.current"), { exact: true }),
    ).toBeVisible();
    await expectAccessible(model, "the security page");
  });
});
