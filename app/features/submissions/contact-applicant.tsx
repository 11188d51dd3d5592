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
import type { ContactChannel, ContactPurpose } from "#app/mail/contact-purposes.ts";

/** A purpose her page offers, and whether each channel's text has every value it needs. */
export interface ContactOfferView {
  purpose: ContactPurpose;
  whatsapp: { ready: boolean; missing: string[] };
  email: { ready: boolean; missing: string[] };
}

/**
 * Writing to her from her page: the contact templates whose purpose fits her state (issue 29),
 * each on WhatsApp (only for a valid E.164 number) and by e-mail; while she is pending, the
 * general "Message on WhatsApp"; once decided, "Send e-mail" (her decision's mail again). Both post to the contact endpoint, which records who
 * wrote to her, how and when before anything else. WhatsApp opens in a new tab: the post itself
 * goes there, and the endpoint answers it with the chat's address.
 */
export function ContactApplicant({
  application: a,
  offers,
}: {
  offers: readonly ContactOfferView[];
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
        <ContactOffers id={a.id} offers={offers} number={number} language={language} busy={busy} />
        {number ? (
          a.status !== "Pendente" ? null : (
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
          )
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

const sameLack = ({ whatsapp, email }: ContactOfferView) =>
  !whatsapp.ready && !email.ready && whatsapp.missing.join() === email.missing.join();

/**
 * The contact templates that fit her state: one row per purpose, its WhatsApp and e-mail
 * buttons, or why a channel is not offered yet (a text that needs her manager before she has
 * one). Each button's name says its purpose to a screen reader as well.
 */
function ContactOffers({
  id,
  offers,
  number,
  language,
  busy,
}: {
  id: number;
  offers: readonly ContactOfferView[];
  number: string | null;
  language: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  if (!offers.length) return null;
  const missing = (names: string[]) =>
    t("contactTemplates.panel.notOffered", {
      what: names.map((name) => t(`contactTemplates.variableNames.${name}`)).join(", "),
    });
  return (
    <div className="space-y-3">
      <p className="text-ink-700">{t("contactTemplates.panel.intro", { language })}</p>
      <ul className="space-y-3">
        {offers.map((offer) => {
          const label = t(`contactTemplates.purposes.${offer.purpose}.label`);
          const channel = (name: ContactChannel) => offer[name];
          return (
            <li
              key={offer.purpose}
              className="rounded-xl bg-sand-50 p-3 ring-1 ring-ink-200"
              data-purpose={offer.purpose}
            >
              <p className="font-semibold text-ink-900">{label}</p>
              <div className="mt-2 flex flex-wrap items-start gap-2">
                {number && channel("whatsapp").ready ? (
                  // The browser posts into the new tab itself (see the general message below).
                  <form method="post" action={contactPath(id)} target="_blank" rel="noopener">
                    <input type="hidden" name="method" value="whatsapp" />
                    <input type="hidden" name="purpose" value={offer.purpose} />
                    <Button type="submit" size="sm">
                      <Icon name="external-link" className="size-4" />
                      <span className="sr-only">{label}: </span>
                      {t("contactTemplates.channels.whatsapp")}
                      <span className="sr-only"> ({t("admin.detail.contact.newTab")})</span>
                    </Button>
                  </form>
                ) : null}
                {channel("email").ready ? (
                  <Form method="post" action={contactPath(id)}>
                    <input type="hidden" name="method" value="email" />
                    <input type="hidden" name="purpose" value={offer.purpose} />
                    <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                      <Icon name="mail" className="size-4" />
                      <span className="sr-only">{label}: </span>
                      {t("contactTemplates.channels.email")}
                    </Button>
                  </Form>
                ) : null}
              </div>
              {sameLack(offer) ? (
                // Both channels wait for the same value: said once.
                <p className="mt-2 text-ink-600">{missing(offer.email.missing)}</p>
              ) : (
                (["whatsapp", "email"] as const)
                  .filter((name) => !channel(name).ready)
                  .map((name) => (
                    <p key={name} className="mt-2 text-ink-600">
                      {t(`contactTemplates.channels.${name}`)}: {missing(channel(name).missing)}
                    </p>
                  ))
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-ink-500">{t("contactTemplates.panel.hint")}</p>
    </div>
  );
}
