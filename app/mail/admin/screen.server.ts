import { data } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
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

const idOf = (value: FormDataEntryValue | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** What every intent's handler is given: the form as sent, and who sends it from where. */
async function intentContext(request: Request, adminId: string) {
  const form = await readForm(request);
  const { language, t, origin } = pageContext(request);
  return {
    db: await getDatabase(),
    form,
    text: (name: string) => String(form.get(name) ?? ""),
    id: idOf(form.get("id")),
    actor: { id: adminId, ip: clientIp(request) },
    language,
    sample: { origin, note: t("admin.email.templates.sampleNote") },
  };
}

export type IntentContext = Awaited<ReturnType<typeof intentContext>>;
type IntentHandler = (context: IntentContext) => Promise<EmailOutcome>;

/**
 * The action of one screen of /admin/email: the admin's guard, the cross-site check, then the
 * handler of the form's `intent` among this screen's own (another screen's intent is unknown
 * here, a 400, as a made-up one is).
 */
export async function answerIntent<I extends EmailIntent>(
  request: Request,
  handlers: Record<I, IntentHandler>,
) {
  const admin = await requireScreenAction(request, "adminEmail");
  if (isCrossSiteRequest(request)) {
    return data<EmailResult>(
      { intent: "", ok: false, message: "validation.crossSite" },
      { status: 403 },
    );
  }
  const context = await intentContext(request, admin.id);
  const intent = context.text("intent");
  if (!Object.hasOwn(handlers, intent)) {
    return data<EmailResult>(
      { intent, ok: false, message: "admin.email.errors.invalid" },
      { status: 400 },
    );
  }
  const { result, status } = await handlers[intent as I](context);
  return data(result, { status });
}
