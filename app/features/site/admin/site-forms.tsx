import type { ReactNode } from "react";
import { FIGURE_SLOTS, SITE_LIMITS } from "#app/features/site/limits.ts";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { socialNetworks } from "#app/components/layout/social-icons.tsx";
import { languages, type Language } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { HeroImageForm } from "#app/features/content/admin/hero-image-form.tsx";
import type { HeroImageResult } from "#app/features/content/hero-image.server.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import { formatCnpj } from "#app/features/site/cnpj.ts";
import { MAX_PROFILE_URL } from "#app/features/site/social-profiles.ts";
import type { Figure, HowItWorks, SitePart } from "#app/features/site/site-settings.server.ts";

/** What the action answered for one part: saved, or its errors and what was typed. */
export type PartAnswer =
  | { ok: true; part: SitePart }
  | { ok: false; part: SitePart; errors: FieldErrors; values: Record<string, string> };

interface PartProps {
  answer?: PartAnswer;
}

/** One part of the screen: a card with its own form, its save button and its outcome. */
function PartForm({
  part,
  title,
  description,
  answer,
  save,
  children,
  extra,
}: {
  part: SitePart;
  title: string;
  description: string;
  answer?: PartAnswer;
  save: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === part;
  const mine = answer?.part === part ? answer : undefined;
  return (
    <Section id={part} anchor={part} title={title} description={description}>
      <Form method="post" className="mt-5 grid gap-5" noValidate>
        <input type="hidden" name="intent" value={part} />
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {save}
          </Button>
          {extra}
          <p role="status" className="text-sm font-medium text-brand-800">
            {mine?.ok ? t("admin.site.saved") : null}
          </p>
        </div>
      </Form>
    </Section>
  );
}

/** The error of a field, translated, and what she typed when the save was refused. */
function useFieldState(part: SitePart, answer?: PartAnswer) {
  const { t } = useTranslation();
  const failed = answer && !answer.ok && answer.part === part ? answer : undefined;
  return {
    error: (name: string, options: Record<string, unknown> = {}) =>
      failed?.errors[name] ? t(failed.errors[name], options) : undefined,
    typed: (name: string, stored: string) => failed?.values[name] ?? stored,
    // A refused save keeps what was typed; a saved one shows what is stored now.
    key: failed ? "typed" : "stored",
  };
}

/**
 * The home page's image: a card of its own, with its own forms (multipart, unlike the other
 * parts), posted to this screen and answered by handleHeroImage (hero-image.server.ts).
 */
export function HeroForm({
  hero,
  answer,
}: {
  hero: { image: StoredImage; alt: Record<string, string> } | null;
  answer?: HeroImageResult;
}) {
  const { t } = useTranslation();
  return (
    <Section
      id="hero-image"
      anchor="hero-image"
      title={t("admin.site.hero.title")}
      description={t("admin.site.hero.intro")}
    >
      <HeroImageForm
        hero={hero}
        failed={answer && !answer.ok ? answer : undefined}
        saved={answer?.ok ?? false}
      />
    </Section>
  );
}

export function SocialForm({
  social,
  whatsapp,
  answer,
}: PartProps & { social: Partial<Record<string, string>>; whatsapp: string | null }) {
  const { t } = useTranslation();
  const field = useFieldState("social", answer);
  return (
    <PartForm
      part="social"
      title={t("admin.site.social.title")}
      description={t("admin.site.social.description")}
      answer={answer}
      save={t("admin.site.social.save")}
    >
      <div className="grid gap-5 md:grid-cols-2" key={field.key + JSON.stringify(social)}>
        {socialNetworks.map((network) => (
          <Field
            key={network.id}
            id={`site-${network.id}`}
            label={network.name}
            hint={t("admin.site.social.profileHint")}
            error={field.error(network.id, { network: network.name, max: MAX_PROFILE_URL })}
          >
            {(aria) => (
              <Input
                {...aria}
                name={network.id}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder={network.example}
                defaultValue={field.typed(network.id, social[network.id] ?? "")}
                maxLength={MAX_PROFILE_URL}
              />
            )}
          </Field>
        ))}
        <Field
          id="site-whatsapp"
          label={t("admin.site.social.whatsapp")}
          hint={t("admin.site.social.whatsappHint")}
          error={field.error("whatsapp")}
        >
          {(aria) => (
            <Input
              {...aria}
              key={field.key + whatsapp}
              name="whatsapp"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              defaultValue={field.typed("whatsapp", whatsapp ?? "")}
              maxLength={32}
            />
          )}
        </Field>
      </div>
    </PartForm>
  );
}

export function CompanyForm({
  legalName,
  cnpj,
  replyDays,
  answer,
}: PartProps & { legalName: string; cnpj: string | null; replyDays: number }) {
  const { t } = useTranslation();
  const field = useFieldState("company", answer);
  return (
    <PartForm
      part="company"
      title={t("admin.site.company.title")}
      description={t("admin.site.company.description")}
      answer={answer}
      save={t("admin.site.company.save")}
    >
      <div
        className="grid gap-5 md:grid-cols-[2fr_1fr]"
        key={field.key + legalName + cnpj + replyDays}
      >
        <Field
          id="site-legal-name"
          label={t("admin.site.company.legalName")}
          error={field.error("legalName", { max: SITE_LIMITS.legalName })}
        >
          {(aria) => (
            <Input
              {...aria}
              name="legalName"
              autoComplete="organization"
              defaultValue={field.typed("legalName", legalName)}
              maxLength={SITE_LIMITS.legalName}
            />
          )}
        </Field>
        <Field
          id="site-cnpj"
          label={t("admin.site.company.cnpj")}
          hint={t("admin.site.company.cnpjHint")}
          error={field.error("cnpj")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="cnpj"
              autoCapitalize="characters"
              defaultValue={field.typed("cnpj", cnpj ? formatCnpj(cnpj) : "")}
              maxLength={24}
            />
          )}
        </Field>
        <Field
          id="site-reply-days"
          label={t("admin.site.company.replyDays")}
          hint={t("admin.site.company.replyDaysHint")}
          error={field.error("replyDays")}
          className="md:col-span-2"
        >
          {(aria) => (
            <Input
              {...aria}
              name="replyDays"
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              step={1}
              className="max-w-32"
              defaultValue={field.typed("replyDays", String(replyDays))}
            />
          )}
        </Field>
      </div>
    </PartForm>
  );
}

export function FiguresForm({ figures, answer }: PartProps & { figures: Figure[] }) {
  const { t } = useTranslation();
  const field = useFieldState("figures", answer);
  const slots = Array.from({ length: FIGURE_SLOTS }, (_, index) => index + 1);
  return (
    <PartForm
      part="figures"
      title={t("admin.site.figures.title")}
      description={t("admin.site.figures.description")}
      answer={answer}
      save={t("admin.site.figures.save")}
    >
      <div className="grid gap-5 lg:grid-cols-2" key={field.key + JSON.stringify(figures)}>
        {slots.map((slot) => {
          const figure = figures[slot - 1];
          const name = (part: string) => `figure${slot}-${part}`;
          return (
            <fieldset key={slot} className="grid gap-4 rounded-2xl p-4 ring-1 ring-ink-200">
              <legend className="px-1 text-sm font-semibold text-ink-700">
                {t("admin.site.figures.slot", { n: slot })}
              </legend>
              <Field
                id={`site-${name("value")}`}
                label={t("admin.site.figures.value")}
                hint={t("admin.site.figures.valueHint")}
                error={field.error(name("value"), { max: SITE_LIMITS.figureValue })}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name={name("value")}
                    defaultValue={field.typed(name("value"), figure?.value ?? "")}
                    maxLength={SITE_LIMITS.figureValue}
                    className="max-w-40"
                  />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                {languages.map((language) => (
                  <Field
                    key={language.code}
                    id={`site-${name(`label-${language.code}`)}`}
                    label={t("admin.site.figures.label", { language: language.name })}
                    error={field.error(name(`label-${language.code}`), {
                      max: SITE_LIMITS.figureLabel,
                    })}
                  >
                    {(aria) => (
                      <Input
                        {...aria}
                        name={name(`label-${language.code}`)}
                        lang={language.code}
                        defaultValue={field.typed(
                          name(`label-${language.code}`),
                          figure?.labels[language.code] ?? "",
                        )}
                        maxLength={SITE_LIMITS.figureLabel}
                      />
                    )}
                  </Field>
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
    </PartForm>
  );
}

export function TextsForm({
  language,
  texts,
  custom,
  answer,
  languageTabs,
}: PartProps & {
  language: Language;
  texts: HowItWorks;
  custom: boolean;
  languageTabs: ReactNode;
}) {
  const { t } = useTranslation();
  const field = useFieldState("texts", answer);
  return (
    <PartForm
      part="texts"
      title={t("admin.site.texts.title")}
      description={t("admin.site.texts.description")}
      answer={answer}
      save={t("admin.site.texts.save")}
      extra={
        custom ? (
          <Button type="submit" name="reset" value="texts" variant="secondary">
            {t("admin.site.texts.reset")}
          </Button>
        ) : null
      }
    >
      {languageTabs}
      <p className="text-sm text-ink-600">
        {t(custom ? "admin.site.texts.custom" : "admin.site.texts.default")}
      </p>
      <div className="grid gap-5" key={field.key + language + JSON.stringify(texts)}>
        <Field
          id="site-work"
          label={t("admin.site.texts.work")}
          hint={t("admin.site.texts.workHint")}
          error={field.error("work", { max: SITE_LIMITS.work })}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="work"
              lang={language}
              className="min-h-24"
              defaultValue={field.typed("work", texts.work)}
              maxLength={SITE_LIMITS.work}
            />
          )}
        </Field>
        <ol className="grid gap-5 lg:grid-cols-3">
          {texts.steps.map((step, index) => {
            const name = (part: string) => `step${index + 1}-${part}`;
            return (
              <li key={index}>
                <fieldset className="grid gap-4 rounded-2xl p-4 ring-1 ring-ink-200">
                  <legend className="px-1 text-sm font-semibold text-ink-700">
                    {t("admin.site.texts.step", { n: index + 1 })}
                  </legend>
                  <Field
                    id={`site-${name("title")}`}
                    label={t("admin.site.texts.stepTitle")}
                    error={field.error(name("title"), { max: SITE_LIMITS.stepTitle })}
                  >
                    {(aria) => (
                      <Input
                        {...aria}
                        name={name("title")}
                        lang={language}
                        defaultValue={field.typed(name("title"), step.title)}
                        maxLength={SITE_LIMITS.stepTitle}
                      />
                    )}
                  </Field>
                  <Field
                    id={`site-${name("text")}`}
                    label={t("admin.site.texts.stepText")}
                    error={field.error(name("text"), { max: SITE_LIMITS.stepText })}
                  >
                    {(aria) => (
                      <Textarea
                        {...aria}
                        name={name("text")}
                        lang={language}
                        className="min-h-28"
                        defaultValue={field.typed(name("text"), step.text)}
                        maxLength={SITE_LIMITS.stepText}
                      />
                    )}
                  </Field>
                </fieldset>
              </li>
            );
          })}
        </ol>
      </div>
    </PartForm>
  );
}
