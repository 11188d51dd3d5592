import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { submissionSources } from "#app/db/submission-statuses.ts";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import "#app/components/ui/kit.css";
import { reviewSorts, type ReviewFilter } from "./review-filter.ts";
import { TeamFilters, type TagOption } from "./team-list.tsx";

/** An affiliate the list can be narrowed to (the applications she referred). */
export interface Referrer {
  id: number;
  code: string;
  name: string;
}

/**
 * The review list's search and filters, a GET form: they travel in the URL, so a filtered list
 * can be linked to and its pages and export keep them.
 */
export function ReviewFilters({
  filter,
  referrers,
  tags = [],
}: {
  filter: ReviewFilter;
  referrers: readonly Referrer[];
  tags?: readonly TagOption[];
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("admin.list.filters")}
      className="card mt-6 grid grid-cols-2 gap-3 p-4 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto]"
    >
      {/* Two filters a row even on a phone, so the list starts on the first screen. */}
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="q" className="text-xs font-semibold text-ink-600">
          {t("admin.list.search")}
        </label>
        <Input
          id="q"
          name="q"
          type="search"
          defaultValue={filter.search}
          placeholder={t("admin.search.placeholder")}
          aria-describedby="q-hint"
          // What the server reads of it (review-filter.ts).
          maxLength={100}
          className="mt-1 h-11 py-0 text-sm"
        />
        <p id="q-hint" className="mt-1 text-xs text-ink-600">
          {t("admin.search.hint")}
        </p>
      </div>
      <FilterSelect id="source" label={t("admin.list.source")} value={filter.source}>
        {submissionSources.map((source) => (
          <option key={source} value={source}>
            {t(`admin.source.${source}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="language" label={t("admin.list.language")} value={filter.language}>
        {languages.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="affiliate"
        label={t("admin.list.affiliate")}
        value={filter.affiliateId ? String(filter.affiliateId) : undefined}
      >
        {referrers.map(({ id, code, name }) => (
          <option key={id} value={id}>
            {code} · {name}
          </option>
        ))}
      </FilterSelect>
      <div>
        <label htmlFor="sort" className="text-xs font-semibold text-ink-600">
          {t("admin.list.sort")}
        </label>
        <Select id="sort" name="sort" defaultValue={filter.sort} className="mt-1">
          {reviewSorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`admin.list.sorts.${sort}`)}
            </option>
          ))}
        </Select>
      </div>
      <TeamFilters filter={filter} tags={tags} />
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <Button type="submit" className="w-full">
          <Icon name="search" />
          {t("admin.list.apply")}
        </Button>
      </div>
    </Form>
  );
}

/** A filter that may be left at "any". */
function FilterSelect({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold text-ink-600">
        {label}
      </label>
      <Select id={id} name={id} defaultValue={value ?? ""} className="mt-1">
        <option value="">{t("admin.list.any")}</option>
        {children}
      </Select>
    </div>
  );
}
