import { eq, like, or, sql } from "drizzle-orm";
import { FIGURE_SLOTS, SITE_LIMITS, STEP_COUNT } from "./limits.ts";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { settings } from "#app/db/schema.server.ts";
import {
  bumpContentVersion,
  forgetContent,
  memoized,
} from "#app/features/content/content-version.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import { formText } from "#app/utils/form-text.ts";
import { isE164 } from "#app/utils/whatsapp.ts";
import { formatCnpj, isValidCnpj, normalizeCnpj } from "#app/features/site/cnpj.ts";
import type { SiteFacts } from "#app/components/layout/site-footer.tsx";
import { socialNetworkIds, type SocialNetworkId } from "#app/components/layout/social-icons.tsx";
import { socialProfileUrl } from "#app/features/site/social-profiles.ts";

/**
 * What the agency says of itself on the public site (product.md section 9), edited in
 * /admin/site: its social profiles, its WhatsApp number, its legal name and CNPJ, how many
 * business days it takes to answer an application, the figures it states, and per language
 * "how it works" in three steps with one sentence on what the work is.
 *
 * Stored in `settings`: one row for what is the same in every language (`site.profile`) and one
 * per language for the steps (`site.texts.<language>`; none is the default text of the
 * `site-content` strings). Read once per instance, in one query, and kept until the content
 * changes (content-version.server.ts): a public page costs no round trip for it. Every change
 * bumps the content version in its transaction, writes its access-log row and drops the stored
 * pages. See docs/decisions/036-site-settings.md.
 */

export const PROFILE_KEY = "site.profile";
const textsKey = (language: Language) => `site.texts.${language}`;

export const DEFAULT_REPLY_DAYS = 5;
export const MAX_REPLY_DAYS = 30;

const codes = languages.map((l) => l.code);

export interface Figure {
  value: string;
  labels: Record<Language, string>;
}

export interface SiteProfile {
  social: Partial<Record<SocialNetworkId, string>>;
  /** E.164 */
  whatsapp: string | null;
  legalName: string;
  /** Normalised: fourteen characters, check digits right. */
  cnpj: string | null;
  replyDays: number;
  figures: Figure[];
}

export interface HowItWorks {
  work: string;
  steps: { title: string; text: string }[];
}

const emptyProfile: SiteProfile = {
  social: {},
  whatsapp: null,
  legalName: "",
  cnpj: null,
  replyDays: DEFAULT_REPLY_DAYS,
  figures: [],
};

// ---- The forms: one per part of the screen, each a set of named fields ----

export const siteParts = ["social", "company", "figures", "texts"] as const;
export type SitePart = (typeof siteParts)[number];

export const figureField = (slot: number, part: "value" | Language) =>
  part === "value" ? `figure${slot}-value` : `figure${slot}-label-${part}`;
export const stepField = (step: number, part: "title" | "text") => `step${step}-${part}`;

const slots = Array.from({ length: FIGURE_SLOTS }, (_, index) => index + 1);
const steps = Array.from({ length: STEP_COUNT }, (_, index) => index + 1);

/** The names of each part's fields, as its form sends them. */
export const partFields: Record<SitePart, readonly string[]> = {
  social: [...socialNetworkIds, "whatsapp"],
  company: ["legalName", "cnpj", "replyDays"],
  figures: slots.flatMap((slot) => [
    figureField(slot, "value"),
    ...codes.map((code) => figureField(slot, code)),
  ]),
  texts: ["work", ...steps.flatMap((step) => [stepField(step, "title"), stepField(step, "text")])],
};

const errors = {
  required: "admin.site.errors.required",
  tooLong: "admin.site.errors.tooLong",
};
const optionalText = (max: number) => formText(max, { tooLong: errors.tooLong });
const requiredText = (max: number) => formText(max, errors);

const socialForm = z.object({
  ...Object.fromEntries(
    socialNetworkIds.map((network) => [
      network,
      z
        .string()
        .optional()
        .transform((value) => (value ?? "").trim())
        .transform((value, context) => {
          if (value === "") return null;
          const url = socialProfileUrl(network, value);
          if (!url) context.addIssue({ code: "custom", message: "admin.site.errors.profileUrl" });
          return url;
        }),
    ]),
  ),
  whatsapp: z
    .string()
    .optional()
    // What people type between the digits: spaces, dots, dashes, brackets.
    .transform((value) => (value ?? "").replace(/[\s().-]/g, ""))
    .refine((value) => value === "" || isE164(value), "admin.site.errors.whatsapp")
    .transform((value) => value || null),
}) as unknown as z.ZodType<Pick<SiteProfile, "whatsapp"> & Record<SocialNetworkId, string | null>>;

const companyForm = z.object({
  legalName: optionalText(SITE_LIMITS.legalName),
  cnpj: z
    .string()
    .optional()
    .transform((value) => normalizeCnpj(value ?? ""))
    .refine((value) => value === "" || isValidCnpj(value), "admin.site.errors.cnpj")
    .transform((value) => value || null),
  // Digits only: what the number field sends ("1e1" is not a count of days she typed).
  replyDays: z
    .string({ message: "admin.site.errors.replyDays" })
    .trim()
    .regex(/^\d{1,3}$/, "admin.site.errors.replyDays")
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, "admin.site.errors.replyDays")
        .max(MAX_REPLY_DAYS, "admin.site.errors.replyDays"),
    ),
});

/** A slot is empty or whole: a figure shows in every language or in none. */
const figuresForm = z
  .object(
    Object.fromEntries(
      slots.flatMap((slot) => [
        [figureField(slot, "value"), optionalText(SITE_LIMITS.figureValue)],
        ...codes.map((code) => [figureField(slot, code), optionalText(SITE_LIMITS.figureLabel)]),
      ]),
    ) as Record<string, z.ZodType<string>>,
  )
  .superRefine((form, context) => {
    for (const slot of slots) {
      const value = form[figureField(slot, "value")];
      const labels = codes.map((code) => form[figureField(slot, code)]);
      if (!value && labels.every((label) => !label)) continue;
      if (!value)
        context.addIssue({
          code: "custom",
          path: [figureField(slot, "value")],
          message: "admin.site.errors.figureValue",
        });
      for (const code of codes)
        if (!form[figureField(slot, code)])
          context.addIssue({
            code: "custom",
            path: [figureField(slot, code)],
            message: "admin.site.errors.figureLabel",
          });
    }
  })
  .transform((form): Figure[] =>
    slots
      .filter((slot) => form[figureField(slot, "value")])
      .map((slot) => ({
        value: form[figureField(slot, "value")]!,
        labels: Object.fromEntries(
          codes.map((code) => [code, form[figureField(slot, code)]!]),
        ) as Record<Language, string>,
      })),
  );

const textsForm = z
  .object({
    work: requiredText(SITE_LIMITS.work),
    ...Object.fromEntries(
      steps.flatMap((step) => [
        [stepField(step, "title"), requiredText(SITE_LIMITS.stepTitle)],
        [stepField(step, "text"), requiredText(SITE_LIMITS.stepText)],
      ]),
    ),
  })
  .transform((form): HowItWorks => ({
    work: form.work,
    steps: steps.map((step) => ({
      title: (form as Record<string, string>)[stepField(step, "title")]!,
      text: (form as Record<string, string>)[stepField(step, "text")]!,
    })),
  }));

export type SiteResult = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * One part of the Site screen, as its form sent it: checked whole, then stored with its
 * access-log row and a new content version in one transaction; nothing is stored when any
 * field is wrong. `language` is the language of the steps (the `texts` part only).
 */
export async function saveSitePart(
  db: Database,
  actor: Actor,
  part: SitePart,
  input: Record<string, unknown>,
  language: Language = "pt",
): Promise<SiteResult> {
  let key = PROFILE_KEY;
  let value: Record<string, unknown>;
  if (part === "social") {
    const parsed = socialForm.safeParse(input);
    if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
    const social = Object.fromEntries(
      socialNetworkIds.flatMap((network) =>
        parsed.data[network] ? [[network, parsed.data[network]]] : [],
      ),
    );
    value = { social, whatsapp: parsed.data.whatsapp };
  } else if (part === "company") {
    const parsed = companyForm.safeParse(input);
    if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
    value = parsed.data;
  } else if (part === "figures") {
    const parsed = figuresForm.safeParse(input);
    if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
    value = { figures: parsed.data };
  } else {
    const parsed = textsForm.safeParse(input);
    if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
    key = textsKey(language);
    value = { ...parsed.data };
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key, value, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        // The profile's parts are saved apart: each replaces only its own members.
        set: {
          value: part === "texts" ? value : sql`${settings.value} || excluded.value`,
          updatedAt: new Date(),
          updatedBy: actor.id,
        },
      });
    await recordAccess(tx, "content.site", {
      actor,
      subject: `settings:${key}`,
      details: part === "texts" ? { part, language } : { part },
    });
    await bumpContentVersion(tx);
  });
  forgetContent();
  return { ok: true };
}

/** The steps of a language back to the default text. */
export async function resetSiteTexts(db: Database, actor: Actor, language: Language) {
  await db.transaction(async (tx) => {
    await tx.delete(settings).where(eq(settings.key, textsKey(language)));
    await recordAccess(tx, "content.site", {
      actor,
      subject: `settings:${textsKey(language)}`,
      details: { part: "texts", language, reset: true },
    });
    await bumpContentVersion(tx);
  });
  forgetContent();
}

// ---- Reading: what is stored is checked again, part by part, before a page shows it ----

interface Stored {
  profile: SiteProfile;
  texts: Partial<Record<Language, HowItWorks>>;
}

function checkedProfile(value: Record<string, unknown> | undefined): SiteProfile {
  if (!value) return emptyProfile;
  const profile: SiteProfile = { ...emptyProfile, social: {} };
  const social = (value.social ?? {}) as Record<string, unknown>;
  for (const network of socialNetworkIds) {
    const url = social[network];
    const checked = typeof url === "string" ? socialProfileUrl(network, url) : null;
    if (checked) profile.social[network] = checked;
  }
  if (typeof value.whatsapp === "string" && isE164(value.whatsapp))
    profile.whatsapp = value.whatsapp;
  const company = companyForm.safeParse({
    legalName: value.legalName ?? "",
    cnpj: value.cnpj ?? "",
    replyDays: String(value.replyDays ?? DEFAULT_REPLY_DAYS),
  });
  if (company.success) Object.assign(profile, company.data);
  if (Array.isArray(value.figures)) {
    const form = Object.fromEntries(
      (value.figures as Partial<Figure>[])
        .slice(0, FIGURE_SLOTS)
        .flatMap((figure, index) => [
          [figureField(index + 1, "value"), figure?.value],
          ...codes.map((code) => [figureField(index + 1, code), figure?.labels?.[code]]),
        ]),
    );
    const figures = figuresForm.safeParse(form);
    if (figures.success) profile.figures = figures.data;
  }
  return profile;
}

function checkedTexts(value: Record<string, unknown>): HowItWorks | null {
  const stored = value as Partial<HowItWorks>;
  const parsed = textsForm.safeParse({
    work: stored.work,
    ...Object.fromEntries(
      steps.flatMap((step) => [
        [stepField(step, "title"), stored.steps?.[step - 1]?.title],
        [stepField(step, "text"), stored.steps?.[step - 1]?.text],
      ]),
    ),
  });
  return parsed.success ? parsed.data : null;
}

/** Everything the Site screen stores, in one query. */
async function loadSite(db: Database): Promise<Stored> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(or(eq(settings.key, PROFILE_KEY), like(settings.key, "site.texts.%")));
  const stored: Stored = { profile: emptyProfile, texts: {} };
  for (const row of rows) {
    if (row.key === PROFILE_KEY) {
      stored.profile = checkedProfile(row.value);
      continue;
    }
    const language = codes.find((code) => row.key === textsKey(code));
    const texts = language ? checkedTexts(row.value) : null;
    if (language && texts) stored.texts[language] = texts;
  }
  return stored;
}

/** What the public pages show: read once per instance until the content changes. */
function storedSite(db: Database): Promise<Stored> {
  return memoized(db, "site", () => loadSite(db));
}

/** The built-in "how it works" of a language (the `site-content` strings). */
export function defaultHowItWorks(language: Language): HowItWorks {
  const t = getFixedT(language);
  return {
    work: t("siteContent.work"),
    steps: steps.map((step) => ({
      title: t(`siteContent.steps.${step}.title`),
      text: t(`siteContent.steps.${step}.text`),
    })),
  };
}

/** What every public page's footer (and /contact) shows; the same in every language. */
export async function siteFooter(db: Database): Promise<SiteFacts> {
  const { profile } = await storedSite(db);
  return {
    social: profile.social,
    whatsapp: profile.whatsapp,
    legalName: profile.legalName,
    cnpj: profile.cnpj ? formatCnpj(profile.cnpj) : null,
  };
}

/** The home page's figures (none when the agency states none) and "how it works", in a language. */
export async function siteHome(db: Database, language: Language) {
  const { profile, texts } = await storedSite(db);
  return {
    figures: profile.figures.map((figure) => ({
      value: figure.value,
      label: figure.labels[language],
    })),
    howItWorks: texts[language] ?? defaultHowItWorks(language),
  };
}

/** Within how many business days the agency answers an application (the thank-you panel's). */
export async function promisedReplyDays(db: Database): Promise<number> {
  return (await storedSite(db)).profile.replyDays;
}

/** The Site screen: what is stored, and the steps of a language (`custom`: not the default). */
export async function siteForEditing(db: Database, language: Language) {
  // Fresh, not the memo: another instance's save reaches this one's memo only at its next look.
  const { profile, texts } = await loadSite(db);
  const own = texts[language];
  return { profile, texts: own ?? defaultHowItWorks(language), custom: Boolean(own) };
}
