import { getFixedT } from "../i18n/i18n.server.ts";
import type { Language } from "../i18n/languages.ts";
import { agency } from "../utils/agency.ts";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A mail in the product's simple layout, as HTML and plain text. Discreet by design: many
 * applicants share an inbox or a phone, so the sender, subject and preview never say what the
 * work is (the texts live under `mail.*` in the locales).
 */
function layout(
  language: Language,
  preview: string,
  paragraphs: string[],
  action?: { label: string; url: string; after: string[] },
): Omit<RenderedMail, "subject"> {
  const t = getFixedT(language);
  const footer = t("mail.footer");
  const body = paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#30363d">${escapeHtml(p)}</p>`,
    )
    .join("\n");
  const button = action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#0f5c60;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(action.label)}</a></p>
${action.after.map((p) => `<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:#515a64">${escapeHtml(p)}</p>`).join("\n")}`
    : "";
  const html = `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0;background:#fcf9f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preview)}</span>
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:20px;font-weight:600;color:#062428">${escapeHtml(agency.name)}</p>
${body}
${button}
<p style="margin:32px 0 0;font-size:12px;line-height:1.5;color:#66717c">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`;
  const lines = action
    ? [...paragraphs, `${action.label}: ${action.url}`, ...action.after]
    : paragraphs;
  const text = `${lines.join("\n\n")}\n\n--\n${footer}\n`;
  return { html, text };
}

/** The confirmation an applicant receives once her application is stored. */
export function confirmationMail(language: Language, name: string): RenderedMail {
  const t = getFixedT(language);
  const firstName = firstNameOf(name);
  return {
    subject: t("mail.confirmation.subject"),
    ...layout(language, t("mail.confirmation.preview", { name: firstName }), [
      t("mail.confirmation.greeting", { name: firstName }),
      t("mail.confirmation.body"),
      t("mail.confirmation.next"),
      t("mail.confirmation.signature"),
    ]),
  };
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name;

/** The link that confirms the address of a new account (valid 1 hour). */
export function verificationMail(language: Language, name: string, url: string): RenderedMail {
  const t = getFixedT(language);
  return {
    subject: t("mail.verification.subject"),
    ...layout(
      language,
      t("mail.verification.preview"),
      [t("mail.verification.greeting", { name: firstNameOf(name) }), t("mail.verification.body")],
      { label: t("mail.verification.action"), url, after: [t("mail.verification.ignore")] },
    ),
  };
}

/** The single-use link to choose a new password (valid 1 hour). */
export function resetPasswordMail(language: Language, name: string, url: string): RenderedMail {
  const t = getFixedT(language);
  return {
    subject: t("mail.reset.subject"),
    ...layout(
      language,
      t("mail.reset.preview"),
      [t("mail.reset.greeting", { name: firstNameOf(name) }), t("mail.reset.body")],
      { label: t("mail.reset.action"), url, after: [t("mail.reset.ignore")] },
    ),
  };
}

/**
 * The answer to her application once a reviewer decided (approved or rejected), with the
 * reviewer's note when there is one. The subject is the same for both: discreet, and the
 * decision is only read once she opens it.
 */
export function decisionMail(
  language: Language,
  decision: "approved" | "rejected",
  name: string,
  note?: string | null,
): RenderedMail {
  const t = getFixedT(language);
  const firstName = firstNameOf(name);
  const paragraphs = [
    t(`mail.${decision}.greeting`, { name: firstName }),
    t(`mail.${decision}.body`),
    t(`mail.${decision}.next`),
  ];
  if (note?.trim()) paragraphs.push(t(`mail.${decision}.note`, { note: note.trim() }));
  paragraphs.push(t(`mail.${decision}.signature`));
  return {
    subject: t(`mail.${decision}.subject`),
    ...layout(language, t(`mail.${decision}.preview`, { name: firstName }), paragraphs),
  };
}
