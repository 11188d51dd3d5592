import type { Language } from "#app/i18n/languages.ts";

export interface PrivacyNotice {
  title: string;
  description: string;
  updated: string;
  content: { tag: "p" | "h2"; text: string }[];
}

const notices = import.meta.glob<PrivacyNotice>("./content/*.json", {
  eager: true,
  import: "default",
});

/** The privacy notice in a language (content/<language>.json). */
export function privacyNotice(language: Language): PrivacyNotice {
  const notice = notices[`./content/${language}.json`];
  if (!notice) throw new Error(`The privacy notice has no ${language} version`);
  return notice;
}
