import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { languages, type Language } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { auditTime } from "./audit-time.ts";
import { contractBlocks, contractVariables, type ContractBlock } from "./contract-text.ts";
import { ContractText } from "./contract-view.tsx";
import type { LanguageTemplates } from "./templates.server.ts";

export interface TemplatesResult {
  intent?: string;
  done?: "saved" | "published" | "agency";
  version?: number;
  errors?: Partial<Record<"form" | "title" | "body" | "legalName" | "cnpj" | "language", string>>;
  /** The placeholders refused, as typed. */
  unknown?: string[];
  values?: Partial<Record<"title" | "body" | "legalName" | "cnpj", string>>;
  preview?: { title: string; blocks: ContractBlock[] };
}

/** The contract templates screen (routes/admin/contracts.tsx). */
export function ContractTemplatesScreen({
  language,
  templates,
  published,
  agency,
  result,
}: {
  language: Language;
  templates: LanguageTemplates;
  published: Record<string, number>;
  agency: { legalName: string; cnpj: string } | null;
  result?: TemplatesResult;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? {};
  const languageName = languages.find((entry) => entry.code === language)!.name;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("contracts.templates.title")}</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink-600">{t("contracts.templates.intro")}</p>

      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {result?.done ? (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200">
            {t(`contracts.templates.done.${result.done}`, { version: result.version })}
          </p>
        ) : null}
      </div>
      {errors.form ? (
        <div className="mt-4">
          <FormMessage tone="error">{t(errors.form)}</FormMessage>
        </div>
      ) : null}

      <AgencyForm agency={agency} result={result} busy={busy} />

      <TemplateEditor
        language={language}
        languageName={languageName}
        templates={templates}
        published={published}
        result={result}
        busy={busy}
      />

      {result?.preview ? (
        <Section
          id="contract-preview"
          anchor="preview"
          title={t("contracts.templates.previewTitle")}
          description={t("contracts.templates.previewIntro")}
          className="mt-6"
        >
          <div className="mt-4 max-w-3xl rounded-xl bg-white p-5 ring-1 ring-ink-200">
            <ContractText
              title={result.preview.title}
              blocks={result.preview.blocks}
              headingLevel={3}
            />
          </div>
        </Section>
      ) : null}

      <VersionList languageName={languageName} templates={templates} />
    </>
  );
}

type Result = TemplatesResult | undefined;

function AgencyForm({
  agency,
  result,
  busy,
}: {
  agency: { legalName: string; cnpj: string } | null;
  result: Result;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const typed = result?.values;
  const errors = result?.errors ?? {};
  return (
    <Section
      id="contract-agency"
      title={t("contracts.agency.title")}
      description={t("contracts.agency.intro")}
      className="mt-6"
    >
      {!agency ? (
        <p className="mt-3 text-sm font-semibold text-coral-700">{t("contracts.agency.missing")}</p>
      ) : null}
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="agency" />
        <Field
          id="legal-name"
          label={t("contracts.agency.legalName")}
          error={result?.intent === "agency" && errors.legalName ? t(errors.legalName) : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              name="legalName"
              required
              maxLength={200}
              autoComplete="organization"
              defaultValue={typed?.legalName ?? agency?.legalName ?? ""}
            />
          )}
        </Field>
        <Field
          id="cnpj"
          label={t("contracts.agency.cnpj")}
          error={result?.intent === "agency" && errors.cnpj ? t(errors.cnpj) : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              name="cnpj"
              required
              maxLength={20}
              inputMode="text"
              placeholder="00.000.000/0000-00"
              defaultValue={typed?.cnpj ?? agency?.cnpj ?? ""}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          {t("contracts.agency.save")}
        </Button>
      </Form>
    </Section>
  );
}

function TemplateEditor({
  language,
  languageName,
  templates,
  published,
  result,
  busy,
}: {
  language: Language;
  languageName: string;
  templates: LanguageTemplates;
  published: Record<string, number>;
  result: Result;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const latest = templates.versions[0];
  const draft = templates.draft ?? latest ?? null;
  const typed = result?.values;
  const errors = result?.errors ?? {};
  const bodyError =
    errors.body === "contracts.errors.unknownVariables"
      ? t(errors.body, { names: (result?.unknown ?? []).join(", ") })
      : errors.body && t(errors.body);
  return (
    <Section
      id="contract-template"
      anchor="template"
      title={t("contracts.templates.editorTitle", { language: languageName })}
      className="mt-6"
    >
      <nav aria-label={t("contracts.templates.languages")} className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {languages.map(({ code, name }) => (
            <li key={code}>
              <Link
                to={`?language=${code}#template`}
                aria-current={code === language ? "page" : undefined}
                className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${
                  code === language
                    ? "bg-brand-700 text-white ring-brand-700"
                    : "bg-white text-ink-800 ring-ink-200 hover:ring-brand-400"
                }`}
              >
                {name}
                <span className={code === language ? "text-brand-100" : "text-ink-600"}>
                  {published[code]
                    ? t("contracts.templates.versionShort", { version: published[code] })
                    : t("contracts.templates.noneShort")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {!latest ? (
        <p className="mt-4 rounded-xl bg-sand-100 px-4 py-3 text-sm text-ink-800 ring-1 ring-sand-300">
          {language === "pt"
            ? t("contracts.templates.noneInPortuguese")
            : t("contracts.templates.noneInLanguage", { language: languageName })}
        </p>
      ) : null}

      <Form method="post" className="mt-5 space-y-4">
        <input type="hidden" name="language" value={language} />
        <Field
          id="template-title"
          label={t("contracts.templates.titleLabel")}
          error={errors.title && t(errors.title)}
        >
          {(aria) => (
            <Input
              {...aria}
              name="title"
              required
              maxLength={200}
              defaultValue={typed?.title ?? draft?.title ?? ""}
            />
          )}
        </Field>
        <Field
          id="template-body"
          label={t("contracts.templates.bodyLabel")}
          hint={t("contracts.templates.markupHint")}
          error={bodyError || undefined}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="body"
              required
              rows={18}
              spellCheck
              className="font-mono text-sm"
              defaultValue={typed?.body ?? draft?.body ?? ""}
            />
          )}
        </Field>
        <div className="rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700 ring-1 ring-ink-100">
          <p className="font-semibold text-ink-900">{t("contracts.templates.variablesTitle")}</p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {contractVariables.map((name) => (
              <div key={name} className="contents">
                <dt>
                  <code className="rounded bg-white px-1.5 py-0.5 text-xs ring-1 ring-ink-200">{`{{${name}}}`}</code>
                </dt>
                <dd>{t(`contracts.variables.${name}`)}</dd>
              </div>
            ))}
          </dl>
        </div>
        {templates.draft ? (
          <p className="text-sm text-ink-600">{t("contracts.templates.draftSaved")}</p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="preview" variant="secondary" disabled={busy}>
            {t("contracts.templates.preview")}
          </Button>
          <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
            {t("contracts.templates.save")}
          </Button>
          <Button type="submit" name="intent" value="publish" disabled={busy}>
            {t("contracts.templates.publish", { version: (latest?.version ?? 0) + 1 })}
          </Button>
        </div>
        <p className="text-xs text-ink-600">{t("contracts.templates.publishHint")}</p>
      </Form>
    </Section>
  );
}

function VersionList({
  languageName,
  templates,
}: {
  languageName: string;
  templates: LanguageTemplates;
}) {
  const { t } = useTranslation();
  const latest = templates.versions[0];
  return (
    <Section
      id="contract-versions"
      title={t("contracts.templates.versionsTitle", { language: languageName })}
      className="mt-6"
    >
      {templates.versions.length === 0 ? (
        <EmptyState className="mt-3">{t("contracts.templates.noVersions")}</EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-ink-100">
          {templates.versions.map((version) => (
            <li key={version.id} className="py-3">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-3">
                  <Badge tone={version === latest ? "positive" : "neutral"}>
                    {t("contracts.templates.versionShort", { version: version.version })}
                  </Badge>
                  <span className="font-medium text-ink-900">{version.title}</span>
                  <span className="text-sm text-ink-600">
                    {t("contracts.templates.publishedOn", {
                      date: auditTime(version.publishedAt).brasilia,
                      name: version.publishedBy ?? "—",
                    })}
                  </span>
                </summary>
                <div className="mt-3 max-w-3xl rounded-xl bg-white p-5 ring-1 ring-ink-200">
                  <ContractText
                    title={version.title}
                    blocks={contractBlocks(version.body)}
                    headingLevel={3}
                  />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
