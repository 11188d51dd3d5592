import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

const states = ["draft", "scheduled", "published"] as const;

/** The list's filters: words of the title, a state, a language. */
export function ArticleFilters({
  filter,
}: {
  filter: { q: string; state?: string; language?: string };
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className="mt-6 flex flex-wrap gap-2">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="q" className="sr-only">
          {t("admin.blog.search")}
        </label>
        <Input
          id="q"
          name="q"
          type="search"
          defaultValue={filter.q}
          placeholder={t("admin.blog.searchPlaceholder")}
          className="h-11 py-0"
        />
      </div>
      <label htmlFor="state-filter" className="sr-only">
        {t("admin.blog.stateFilter")}
      </label>
      <Select id="state-filter" name="state" defaultValue={filter.state ?? ""} className="w-auto">
        <option value="">{t("admin.blog.allStates")}</option>
        {states.map((state) => (
          <option key={state} value={state}>
            {t(`admin.blog.states.${state}`)}
          </option>
        ))}
      </Select>
      <label htmlFor="language-filter" className="sr-only">
        {t("admin.blog.languageFilter")}
      </label>
      <Select
        id="language-filter"
        name="language"
        defaultValue={filter.language ?? ""}
        className="w-auto"
      >
        <option value="">{t("admin.blog.allLanguages")}</option>
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </Select>
      <Button type="submit" aria-label={t("admin.blog.search")}>
        <Icon name="search" />
      </Button>
    </Form>
  );
}
