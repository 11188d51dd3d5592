import { Link } from "react-router";
import { useTranslation } from "#app/i18n/translation.tsx";

/**
 * A search that found nothing says what was searched, and where (a reviewer who typed a phone
 * number learns that numbers are searched too), and offers the list without the search, her
 * other filters kept. Phrasing content only: it sits in the list's empty-state paragraph.
 */
export function SearchNotFound({
  search,
  path,
  filterParams,
}: {
  search: string;
  path: string;
  filterParams: Record<string, string>;
}) {
  const { t } = useTranslation();
  const others = new URLSearchParams(Object.entries(filterParams).filter(([key]) => key !== "q"));
  const clearHref = others.size ? `${path}?${others}` : path;
  // Fewer than 3 letters in a row only match the start of a name or an e-mail (search.server.ts).
  const short = !/\d{2}/.test(search) && !/[\p{L}\p{N}]{3}/u.test(search);
  return (
    <>
      <span className="block font-semibold">{t("admin.search.noMatch", { search })}</span>
      <span className="mt-1 block">
        {t("admin.search.searched")}
        {short ? ` ${t("admin.search.short")}` : null}
      </span>
      <Link
        to={clearHref}
        className="mt-3 inline-block font-semibold text-brand-700 underline hover:text-brand-900"
      >
        {t("admin.search.clear")}
      </Link>
    </>
  );
}
