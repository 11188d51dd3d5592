import { data } from "react-router";
import type { z } from "zod";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { type ParsedForm, textField } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { EmailScreen } from "./email-tabs.tsx";
import type { EmailIntent, EmailOutcome, EmailResult } from "./result.ts";

/**
 * What a loader of a screen of /admin/email starts with: the admin (its own guard: loaders run
 * in parallel, the layout's protects nothing), the database, the page's translation and origin,
 * and the screen's title ("Outbox · E-mail").
 */
export async function openEmailScreen(request: Request, screen: EmailScreen) {
  const admin = await requireScreen(request, "adminEmail");
  const { t, origin } = pageContext(request);
  return {
    admin,
    db: await getDatabase(),
    t,
    origin,
    url: new URL(request.url),
    title: pageTitle(`${t(`admin.email.tabs.${screen}`)} · ${t("admin.email.title")}`),
  };
}

/**
 * A row's `id` (a reason, a message): a positive whole number, or null for anything else, which
 * its handler answers as a row it cannot find (a 404 or 409, not the 400 of a malformed form).
 */
export const idField = textField.transform((value) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
});

/** What every intent's handler is given besides its form: who sends it from where. */
async function intentContext(request: Request, adminId: string) {
  const { language, t, origin } = pageContext(request);
  return {
    db: await getDatabase(),
    actor: { id: adminId, ip: clientIp(request) },
    language,
    sample: { origin, note: t("admin.email.templates.sampleNote") },
  };
}

export type IntentContext = Awaited<ReturnType<typeof intentContext>>;

/** The schema's object that an intent is sent with (one object may serve several intents). */
type FormOf<Form extends { intent: EmailIntent }, Intent> = Form extends unknown
  ? Intent extends Form["intent"]
    ? Form
    : never
  : never;

/** One handler per intent of a screen's schema, each given its own intent's typed fields. */
type IntentHandlers<Form extends { intent: EmailIntent }> = {
  [Intent in Form["intent"]]: (
    input: FormOf<Form, Intent>,
    context: IntentContext,
  ) => Promise<EmailOutcome>;
};

/**
 * The answer of one screen of /admin/email to its form, read by its action through parseForm
 * with the screen's schema (one object per intent) after the admin's guard: a cross-site post is
 * a 403; an intent the schema does not have (another screen's, or a made-up one) a 400; else the
 * handler of the form's intent, given its typed fields.
 */
export async function answerIntent<Schema extends z.ZodType<{ intent: EmailIntent }>>(
  request: Request,
  admin: { id: string },
  form: ParsedForm<Schema>,
  handlers: IntentHandlers<z.output<Schema>>,
) {
  if (form.crossSite) {
    return data<EmailResult>(
      { intent: "", ok: false, message: "validation.crossSite" },
      { status: 403 },
    );
  }
  if (!form.success) {
    // The intent as sent, so the screen can tell which form it answers.
    const { intent = "" } = form.values as { intent?: string };
    return data<EmailResult>(
      { intent, ok: false, message: "admin.email.errors.invalid" },
      { status: 400 },
    );
  }
  const input: z.output<Schema> = form.data;
  const handler = handlers[input.intent as keyof typeof handlers] as (
    input: z.output<Schema>,
    context: IntentContext,
  ) => Promise<EmailOutcome>;
  const { result, status } = await handler(input, await intentContext(request, admin.id));
  return data(result, { status });
}
