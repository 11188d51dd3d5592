import { useTranslation } from "#app/i18n/translation.tsx";

/** The screen's numbers in her language: counts, and a part of a whole as a percentage. */
export function useFigures() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, {
    style: "percent",
    maximumFractionDigits: 1,
  });
  return {
    format: (value: number) => number.format(value),
    /** "—" when there is no whole to take a part of. */
    share: (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : "—"),
  };
}
