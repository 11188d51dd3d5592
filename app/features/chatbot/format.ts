import type { Translate } from "#app/i18n/translation.tsx";
import { formatPhoneNumber, normalizePhoneNumber } from "#app/features/preselection/phone.ts";
import type { Answers, Question } from "./questions.ts";

/** A country code named in her language ("BR" → "Brasil"), or the code if the browser can't. */
export function countryName(code: string, language: string) {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A YYYY-MM-DD date written the way her language writes dates. */
export function formatBirthDate(value: string, language: string) {
  const [year, month, day] = value.split("-").map(Number);
  if (!year || !month || !day) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    Date.UTC(year, month - 1, day),
  );
}

/** An answer as the chat shows it back to her (in her bubble and in the summary). */
export function formatAnswer(
  question: Question,
  answers: Answers,
  t: Translate,
  language: string,
): string {
  switch (question) {
    case "dateOfBirth":
      return answers.dateOfBirth ? formatBirthDate(answers.dateOfBirth, language) : "";
    case "location":
      return [answers.city?.trim(), answers.country ? countryName(answers.country, language) : ""]
        .filter(Boolean)
        .join(", ");
    case "experience":
      return answers.experience ? t(`preselection.experienceOptions.${answers.experience}`) : "";
    case "phone": {
      // As it will be stored, with the calling code read from her country: she sees what we do.
      const number = answers.phone ? normalizePhoneNumber(answers.phone, answers.country) : null;
      return number ? formatPhoneNumber(number) : (answers.phone?.trim() ?? "");
    }
    default:
      return answers[question]?.trim() ?? "";
  }
}

/** Today in her own time zone, as YYYY-MM-DD: the day the chat checks her age on. */
export function localIsoToday(now = new Date()) {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}
