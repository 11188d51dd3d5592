import { and, eq, inArray } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import { mailTemplates } from "#app/db/schema.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { agency } from "#app/utils/agency.ts";
import { inertText } from "./inert-text.ts";
import type { MailTemplateKind } from "./kinds.ts";

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
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#30363d">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`,
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

/** A short mail of a few paragraphs in the product's layout (the admin's test mail). */
export function simpleMail(
  language: Language,
  subject: string,
  paragraphs: string[],
): RenderedMail {
  return { subject, ...layout(language, paragraphs[0] ?? subject, paragraphs) };
}

/**
 * A mail of the product's own wording with one button (the staff's alerts): the caller has
 * translated every line; this lays them out like every other mail.
 */
export function actionMail(
  language: Language,
  mail: {
    subject: string;
    preview: string;
    paragraphs: string[];
    action: { label: string; url: string; after: string[] };
  },
): RenderedMail {
  return {
    subject: mail.subject,
    ...layout(language, mail.preview, mail.paragraphs, mail.action),
  };
}

/** The confirmation an applicant receives once her application is stored. */
export function confirmationMail(
  language: Language,
  name: string,
  override?: TemplateText | null,
): RenderedMail {
  if (override) return renderTemplate("confirmation", language, override, { name });
  const t = getFixedT(language);
  const firstName = greetingName(name);
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

/** Her first name, as every message to her greets her. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name;

/**
 * Her first name as a mail shows it, built-in wording or an admin's template alike: the one way
 * her name (typed by whoever filled in the form or signed up) enters a mail to her, made inert
 * so that no mail program turns it into a link (inert-text.ts).
 */
export const greetingName = (name: string) => inertText(firstNameOf(name));

/** The link that confirms the address of a new account (valid 1 hour). */
export function verificationMail(
  language: Language,
  name: string,
  url: string,
  override?: TemplateText | null,
): RenderedMail {
  if (override) return renderTemplate("verification", language, override, { name, link: url });
  const t = getFixedT(language);
  return {
    subject: t("mail.verification.subject"),
    ...layout(
      language,
      t("mail.verification.preview"),
      [t("mail.verification.greeting", { name: greetingName(name) }), t("mail.verification.body")],
      { label: t("mail.verification.action"), url, after: [t("mail.verification.ignore")] },
    ),
  };
}

/**
 * To the owner of an address someone tried to sign up with: nothing changed, and how to get in
 * if it was her. Only her own name from her account is in it, nothing the other person typed.
 */
export function signUpAttemptMail(
  language: Language,
  name: string,
  links: { signIn: string; reset: string },
): RenderedMail {
  const t = getFixedT(language);
  return {
    subject: t("mail.signUpAttempt.subject"),
    ...layout(
      language,
      t("mail.signUpAttempt.preview"),
      [
        t("mail.signUpAttempt.greeting", { name: greetingName(name) }),
        t("mail.signUpAttempt.body"),
      ],
      {
        label: t("mail.signUpAttempt.action"),
        url: links.signIn,
        after: [
          t("mail.signUpAttempt.reset", { link: links.reset }),
          t("mail.signUpAttempt.ignore"),
        ],
      },
    ),
  };
}

/** The single-use link to choose a new password (valid 1 hour). */
export function resetPasswordMail(
  language: Language,
  name: string,
  url: string,
  override?: TemplateText | null,
): RenderedMail {
  if (override) return renderTemplate("reset", language, override, { name, link: url });
  const t = getFixedT(language);
  return {
    subject: t("mail.reset.subject"),
    ...layout(
      language,
      t("mail.reset.preview"),
      [t("mail.reset.greeting", { name: greetingName(name) }), t("mail.reset.body")],
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
  override?: TemplateText | null,
): RenderedMail {
  if (override) return renderTemplate(decision, language, override, { name, note });
  const t = getFixedT(language);
  const firstName = greetingName(name);
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

/**
 * A decision reopened after its mail went out: she is asked to disregard it and told we will
 * write again, so she never reads an approval and then a rejection without a word between.
 */
export function correctionMail(
  language: Language,
  name: string,
  override?: TemplateText | null,
): RenderedMail {
  return renderTemplate(
    "correction",
    language,
    override ?? builtInTemplate("correction", language),
    {
      name,
    },
  );
}

/*
 * Wording an admin edits on /admin/email: per template and language, a subject and a plain-text
 * body with placeholders. Without an override the built-in text of the locales is sent.
 */

export { isMailTemplateKind, mailTemplateKinds, type MailTemplateKind } from "./kinds.ts";

/** The placeholders each template fills in; {{link}} is required where there is one. */
export const templatePlaceholders: Record<MailTemplateKind, readonly string[]> = {
  confirmation: ["name"],
  approved: ["name", "note"],
  rejected: ["name", "note"],
  verification: ["name", "link"],
  reset: ["name", "link"],
  privacyExport: ["name", "link"],
  privacyErase: ["name", "link"],
  correction: ["name"],
};

export interface TemplateText {
  subject: string;
  body: string;
}

export interface TemplateValues {
  name: string;
  link?: string;
  note?: string | null;
}

/**
 * The built-in wording as editable text: paragraphs separated by a blank line, {{name}} for her
 * first name, a paragraph that is only {{link}} for the button, and the paragraph with {{note}}
 * (left out when the reviewer wrote none). Rendering it gives the same mail as the built-in one.
 */
export function builtInTemplate(kind: MailTemplateKind, language: Language): TemplateText {
  const t = getFixedT(language);
  const keep = { name: "{{name}}", note: "{{note}}" };
  const paragraphs =
    kind === "confirmation" || kind === "correction"
      ? ["greeting", "body", "next", "signature"].map((key) => t(`mail.${kind}.${key}`, keep))
      : kind === "approved" || kind === "rejected"
        ? ["greeting", "body", "next", "note", "signature"].map((key) =>
            t(`mail.${kind}.${key}`, keep),
          )
        : [
            t(`mail.${kind}.greeting`, keep),
            t(`mail.${kind}.body`),
            "{{link}}",
            t(`mail.${kind}.ignore`),
          ];
  return { subject: t(`mail.${kind}.subject`), body: paragraphs.join("\n\n") };
}

const placeholderPattern = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholders a text uses that its template does not know. */
export function unknownPlaceholders(kind: MailTemplateKind, text: string): string[] {
  const known = templatePlaceholders[kind];
  return [...text.matchAll(placeholderPattern)]
    .map((match) => match[1]!)
    .filter((name, index, all) => !known.includes(name) && all.indexOf(name) === index);
}

/** An edited (or built-in) text in the product's mail layout, with the values filled in. */
export function renderTemplate(
  kind: MailTemplateKind,
  language: Language,
  text: TemplateText,
  values: TemplateValues,
): RenderedMail {
  const t = getFixedT(language);
  const note = values.note?.trim() || "";
  const filled: Record<string, string> = {
    name: greetingName(values.name),
    link: values.link ?? "",
    note,
  };
  // One pass, so a value that looks like a placeholder (a name "{{note}}") stays as typed.
  const fill = (value: string) =>
    value.replace(placeholderPattern, (whole, key: string) => filled[key] ?? whole);
  const paragraphs = text.body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p && (note || !/\{\{\s*note\s*\}\}/.test(p)));
  const button = paragraphs.findIndex((p) => /^\{\{\s*link\s*\}\}$/.test(p));
  const withButton = button >= 0 && Boolean(values.link);
  const before = withButton
    ? paragraphs.slice(0, button)
    : paragraphs.filter((_, index) => index !== button);
  const action =
    withButton && values.link
      ? {
          label: t(`mail.${kind}.action`),
          url: values.link,
          after: paragraphs.slice(button + 1).map(fill),
        }
      : undefined;
  return {
    // Her name is already one line (inert-text.ts), its thin spaces kept.
    subject: fill(text.subject.trim().replace(/\s+/g, " ")),
    ...layout(language, t(`mail.${kind}.preview`, { name: filled.name }), before.map(fill), action),
  };
}

/**
 * The admin's wording for a template in a language, if there is one. `keys` in order of
 * preference: a rejection reason's template (`rejected:<id>`) before the general "rejected".
 */
export async function findTemplateOverride(
  db: Reader,
  keys: string | readonly string[],
  language: Language,
): Promise<TemplateText | null> {
  const wanted = typeof keys === "string" ? [keys] : [...keys];
  const rows = await db
    .select({
      template: mailTemplates.template,
      subject: mailTemplates.subject,
      body: mailTemplates.body,
    })
    .from(mailTemplates)
    .where(and(inArray(mailTemplates.template, wanted), eq(mailTemplates.language, language)));
  for (const key of wanted) {
    const row = rows.find((candidate) => candidate.template === key);
    if (row) return { subject: row.subject, body: row.body };
  }
  return null;
}
