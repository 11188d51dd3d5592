import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { languageName } from "./language-name.ts";

/**
 * What a new translation starts from: a copy of one of the article's languages, to translate in
 * place (Portuguese first when there is one), or an empty page.
 */
export function TranslationStart({
  sources,
  error,
}: {
  sources: readonly string[];
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const ordered = languages.map((l) => l.code as string).filter((code) => sources.includes(code));
  const options = [...ordered, ""];
  return (
    <fieldset aria-describedby={error ? "new-from-error" : "new-from-hint"} className="space-y-2">
      <legend className="text-sm font-semibold text-ink-900">{t("admin.blog.start")}</legend>
      <div className="space-y-2">
        {options.map((code, index) => (
          <label
            key={code || "empty"}
            className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-ink-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-300"
          >
            <input
              type="radio"
              name="from"
              value={code}
              defaultChecked={index === 0}
              className="size-4 shrink-0 accent-brand-700"
            />
            <span className="text-ink-900">
              {code
                ? t("admin.blog.startFrom", { language: languageName(code, i18n.language) })
                : t("admin.blog.startEmpty")}
            </span>
          </label>
        ))}
      </div>
      <p id="new-from-hint" className="text-sm text-ink-500">
        {t("admin.blog.hints.startFrom")}
      </p>
      {error ? (
        <p id="new-from-error" className="text-sm font-medium text-coral-700">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
