import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { mailTemplates, rejectionReasons } from "#app/db/schema.server.ts";
import { normalizeLanguage, type Language } from "#app/i18n/languages.ts";
import {
  builtInTemplate,
  findTemplateOverride,
  isMailTemplateKind,
  renderTemplate,
  templatePlaceholders,
  unknownPlaceholders,
  type MailTemplateKind,
  type RenderedMail,
  type TemplateText,
} from "./templates.server.ts";
import { rejectionTemplateKeys } from "./rejection-reasons.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { done, refused, type EmailOutcome } from "#app/mail/admin/result.ts";

/** A template key: a mail kind, or `rejected:<reason id>` for one rejection reason's mail. */
export interface TemplateRef {
  key: string;
  kind: MailTemplateKind;
  reasonId: number | null;
}

export function parseTemplateKey(value: unknown): TemplateRef | null {
  if (typeof value !== "string") return null;
  if (isMailTemplateKind(value)) return { key: value, kind: value, reasonId: null };
  const match = /^rejected:([1-9]\d{0,15})$/.exec(value);
  if (!match) return null;
  const reasonId = Number(match[1]);
  return Number.isSafeInteger(reasonId) ? { key: value, kind: "rejected", reasonId } : null;
}

/** Does the template exist (a reason template only while its reason does)? */
export async function templateExists(db: Reader, ref: TemplateRef) {
  if (ref.reasonId === null) return true;
  const [row] = await db
    .select({ id: rejectionReasons.id })
    .from(rejectionReasons)
    .where(eq(rejectionReasons.id, ref.reasonId));
  return Boolean(row);
}

/** The texts a template falls back to without its own wording, most specific first. */
function fallbackKeys(ref: TemplateRef) {
  return ref.reasonId === null ? [] : rejectionTemplateKeys(ref.reasonId).slice(1);
}

export interface TemplateEditorData {
  subject: string;
  body: string;
  /** True when the admin's own wording is stored for this template and language. */
  overridden: boolean;
  placeholders: readonly string[];
}

/** What the editor starts from: the stored wording, else what would be sent now. */
export async function templateForEditor(
  db: Reader,
  ref: TemplateRef,
  language: Language,
): Promise<TemplateEditorData> {
  const own = await findTemplateOverride(db, ref.key, language);
  const fallback = own
    ? null
    : ((await findTemplateOverride(db, fallbackKeys(ref), language)) ??
      builtInTemplate(ref.kind, language));
  const text = own ?? fallback!;
  return { ...text, overridden: Boolean(own), placeholders: templatePlaceholders[ref.kind] };
}

/** Which templates have an admin's wording, as "key|language". */
export async function overriddenTemplates(db: Reader) {
  const rows = await db
    .select({ template: mailTemplates.template, language: mailTemplates.language })
    .from(mailTemplates);
  return new Set(rows.map((row) => `${row.template}|${row.language}`));
}

export const templateTextSchema = z.object({
  subject: z
    .string({ error: "admin.email.errors.subject" })
    .trim()
    .min(1, { error: "admin.email.errors.subject" })
    .max(200, { error: "validation.tooLong" })
    .refine((value) => !/[\r\n]/.test(value), { error: "admin.email.errors.subject" }),
  body: z
    .string({ error: "admin.email.errors.body" })
    .trim()
    .min(1, { error: "admin.email.errors.body" })
    .max(10_000, { error: "validation.tooLong" }),
});

export type TemplateProblem = {
  field: "subject" | "body";
  error: string;
  params?: Record<string, string>;
} | null;

/** The checks zod cannot make alone: the placeholders a template knows, and its link. */
export function checkPlaceholders(kind: MailTemplateKind, text: TemplateText): TemplateProblem {
  for (const field of ["subject", "body"] as const) {
    const unknown = unknownPlaceholders(kind, text[field]);
    if (unknown.length) {
      return {
        field,
        error: "admin.email.errors.placeholder",
        params: { placeholders: unknown.map((name) => `{{${name}}}`).join(", ") },
      };
    }
  }
  if (/\{\{\s*(link|note)\s*\}\}/.test(text.subject)) {
    return { field: "subject", error: "admin.email.errors.subjectPlaceholder" };
  }
  if (templatePlaceholders[kind].includes("link") && !/\{\{\s*link\s*\}\}/.test(text.body)) {
    return { field: "body", error: "admin.email.errors.linkRequired" };
  }
  return null;
}

/** Stores the admin's wording of a template in a language (replacing any), with its log entry. */
export async function saveTemplate(
  db: Database,
  ref: Pick<TemplateRef, "key">,
  language: Language,
  text: TemplateText,
  actor: Actor,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(mailTemplates)
      .values({
        template: ref.key,
        language,
        subject: text.subject,
        body: text.body,
        updatedBy: actor.id,
      })
      .onConflictDoUpdate({
        target: [mailTemplates.template, mailTemplates.language],
        set: {
          subject: text.subject,
          body: text.body,
          updatedAt: new Date(),
          updatedBy: actor.id,
        },
      });
    await recordAccess(tx, "settings.template", {
      actor,
      subject: `mail-template:${ref.key}:${language}`,
      details: { change: "save", subject: text.subject },
    });
  });
}

/** Drops the admin's wording: the built-in text (or the general rejection) is sent again. */
export async function resetTemplate(
  db: Database,
  ref: Pick<TemplateRef, "key">,
  language: Language,
  actor: Actor,
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(mailTemplates)
      .where(and(eq(mailTemplates.template, ref.key), eq(mailTemplates.language, language)));
    await recordAccess(tx, "settings.template", {
      actor,
      subject: `mail-template:${ref.key}:${language}`,
      details: { change: "reset" },
    });
  });
}

/** Sample values for the preview: her name, a link and a reviewer's note. */
export function previewValues(kind: MailTemplateKind, origin: string, sampleNote: string) {
  return {
    name: "Ana Beatriz Souza",
    link:
      kind === "verification"
        ? `${origin}/verify-email?token=example`
        : kind === "reset"
          ? `${origin}/password-reset#access_token=example`
          : kind === "privacyExport" || kind === "privacyErase"
            ? `${origin}/privacy/confirm?token=example`
            : undefined,
    note: kind === "approved" || kind === "rejected" ? sampleNote : undefined,
  };
}

/** The mail as it would go out, in the real layout, with sample values. */
export function previewTemplate(
  ref: TemplateRef,
  language: Language,
  text: TemplateText,
  sample: { name: string; link?: string; note?: string },
): RenderedMail {
  return renderTemplate(ref.kind, language, text, sample);
}

/** The template editor's form as sent. */
export interface TemplateForm {
  template: string;
  language: string;
  subject: string;
  body: string;
}

/**
 * The template editor's three buttons: reset to the built-in text, or the text as sent checked,
 * then previewed (with `sample`'s values) or saved.
 */
export async function handleTemplateForm(
  db: Database,
  intent: "template-save" | "template-preview" | "template-reset",
  form: TemplateForm,
  sample: { origin: string; note: string },
  actor: Actor,
): Promise<EmailOutcome> {
  const ref = parseTemplateKey(form.template);
  const language = normalizeLanguage(form.language);
  if (!ref || !language || !(await templateExists(db, ref))) {
    return refused(404, intent, { message: "admin.email.errors.notFound" });
  }
  if (intent === "template-reset") {
    await resetTemplate(db, ref, language, actor);
    return done(intent, { message: "admin.email.templates.resetDone" });
  }
  const draft = { subject: form.subject, body: form.body };
  const parsed = templateTextSchema.safeParse(draft);
  if (!parsed.success) return refused(400, intent, { draft, errors: fieldErrorsOf(parsed.error) });
  const problem = checkPlaceholders(ref.kind, parsed.data);
  if (problem) {
    return refused(400, intent, {
      draft,
      errors: { [problem.field]: problem.error },
      params: { ...problem.params, token: problemToken(problem.error) },
    });
  }
  if (intent === "template-preview") {
    const values = previewValues(ref.kind, sample.origin, sample.note);
    return done(intent, { draft, preview: previewTemplate(ref, language, parsed.data, values) });
  }
  await saveTemplate(db, ref, language, parsed.data, actor);
  return done(intent, { message: "admin.email.templates.saved" });
}

/** The placeholder an error message names, passed as a value so no locale string holds one. */
function problemToken(error: string) {
  return error === "admin.email.errors.linkRequired" ? "{{link}}" : "{{name}}";
}
