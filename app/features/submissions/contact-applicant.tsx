import { Form, useNavigation, useSearchParams } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import type { SubmissionStatus } from "#app/db/submission-statuses.ts";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { whatsappNumberOf } from "#app/utils/whatsapp.ts";
import { contactPath, decisionTemplateOf } from "./contact.ts";

/**
 * Writing to her from her page: "Message on WhatsApp" (only for a valid E.164 number) and "Send
 * e-mail" (her decision's mail again). Both post to the contact endpoint, which records who
 * wrote to her, how and when before anything else. WhatsApp opens in a new tab: the post itself
 * goes there, and the endpoint answers it with the chat's address.
 */
export function ContactApplicant({
  application: a,
}: {
  application: {
    id: number;
    status: SubmissionStatus;
    language: string;
    whatsapp: string | null;
    phone: string | null;
    erasedAt: Date | string | null;
  };
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [params] = useSearchParams();
  // An erased application has no one left to write to.
  if (a.erasedAt) return null;
  const number = whatsappNumberOf(a);
  const template = decisionTemplateOf(a.status);
  const language = languages.find((l) => l.code === a.language)?.name ?? a.language;
  const notice = params.get("contact");
  return (
    <Section id="contact" anchor="contact" title={t("admin.detail.contact.title")}>
      {notice === "email" || notice === "unavailable" ? (
        <div className="mt-4">
          <FormMessage tone={notice === "email" ? "notice" : "error"}>
            {t(`admin.detail.contact.${notice === "email" ? "emailQueued" : "unavailable"}`)}
          </FormMessage>
        </div>
      ) : null}
      <div className="mt-4 space-y-4 text-sm">
        {number ? (
          // Not React Router's <Form>: the browser itself posts into the new tab. No opener for
          // the new tab; not `noreferrer` here, which would send the post as `Origin: null` and
          // have it refused as another site's: the endpoint's redirect to WhatsApp carries
          // `Referrer-Policy: no-referrer` instead, so WhatsApp learns nothing of this page.
          <form
            method="post"
            action={contactPath(a.id)}
            target="_blank"
            rel="noopener"
            className="space-y-2"
          >
            <input type="hidden" name="method" value="whatsapp" />
            <Button type="submit" size="sm">
              <Icon name="external-link" className="size-4" />
              {t("admin.detail.contact.whatsapp")}
              <span className="sr-only"> ({t("admin.detail.contact.newTab")})</span>
            </Button>
            <p className="text-ink-500">{t("admin.detail.contact.whatsappHint", { language })}</p>
          </form>
        ) : (
          <p className="text-ink-600">
            {t(
              a.whatsapp || a.phone
                ? "admin.detail.contact.invalidNumber"
                : "admin.detail.contact.noNumber",
            )}
          </p>
        )}
        {template ? (
          <Form method="post" action={contactPath(a.id)} className="space-y-2">
            <input type="hidden" name="method" value="email" />
            <Button type="submit" disabled={busy} variant="secondary" size="sm">
              <Icon name="mail" className="size-4" />
              {t("admin.detail.contact.email")}
            </Button>
            <p className="text-ink-500">
              {t(`admin.detail.contact.emailHint.${template}`, { language })}
            </p>
          </Form>
        ) : (
          <p className="text-ink-600">{t("admin.detail.contact.emailOnDecision")}</p>
        )}
      </div>
    </Section>
  );
}
