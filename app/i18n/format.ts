/** A moment, in the reader's language: "22 Nov 2026, 14:05". */
export function formatWhen(value: string | Date, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(value),
  );
}
