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
): Omit<RenderedMail, "subject"> {
  const t = getFixedT(language);
  const footer = t("mail.footer");
  const body = paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#30363d">${escapeHtml(p)}</p>`,
    )
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0;background:#fcf9f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preview)}</span>
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:20px;font-weight:600;color:#062428">${escapeHtml(agency.name)}</p>
${body}
<p style="margin:32px 0 0;font-size:12px;line-height:1.5;color:#66717c">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`;
  const text = `${paragraphs.join("\n\n")}\n\n--\n${footer}\n`;
  return { html, text };
}

/** The confirmation an applicant receives once her application is stored. */
export function confirmationMail(language: Language, name: string): RenderedMail {
  const t = getFixedT(language);
  const firstName = name.trim().split(/\s+/)[0] ?? name;
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
