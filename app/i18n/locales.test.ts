import { describe, expect, it } from "vitest";
import { languages } from "./languages.ts";
import { namespaces } from "./namespaces.ts";

type Tree = { [key: string]: string | Tree };

// locales/<language>/<namespace>.json
const localeFiles = import.meta.glob<Tree>("./locales/*/*.json", {
  eager: true,
  import: "default",
});
const files = Object.entries(localeFiles).map(([path, tree]) => {
  const [, language, namespace] = /\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  return { language: language!, namespace: namespace!, keys: Object.keys(flatten(tree)), tree };
});
const folders = [...new Set(files.map((file) => file.language))];

/** Every leaf of a locale as "a.b.c" → value (non-string leaves are kept so they can be reported). */
function flatten(tree: unknown, prefix = "", out: Record<string, unknown> = {}) {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      flatten(value, path, out);
    } else {
      out[path] = value;
    }
  }
  return out;
}

function placeholders(value: unknown) {
  return [...new Set(String(value).match(/\{\{\s*[^}]*?\s*\}\}/g) ?? [])].sort();
}

const flat: Record<string, Record<string, unknown>> = {};
for (const file of files) Object.assign((flat[file.language] ??= {}), flatten(file.tree));
const pt = flat.pt!;
const en = flat.en!;
const codes = languages.map((l) => l.code);
const others = codes.filter((code) => code !== "pt");

/**
 * Keys whose value may legitimately be the same as in en.json, per language. Anything else that
 * matches English was most likely left untranslated. Keep this list short: add a key only when the
 * English word really is the word used in that language (or the string is a brand/proper name).
 */
const sameAsEnglish: Partial<Record<string, readonly string[]>> = {
  // "Blog" is the word in Portuguese, Spanish, Italian and German ("Blogg" in Swedish).
  // "E-mail" is how Portuguese and Italian spell it (German writes "E-Mail").
  // The chatbot's example phone number (chatbot.placeholders.phone) is the same in every language.
  // "Chatbot" is the usual loanword in Portuguese, Spanish, Italian and German ("chattbot" in
  // Swedish), and Portuguese, German and Swedish say "Status" too.
  pt: [
    // The manager's analytics (issue 31): words these languages share with English.
    "admin.manager.total",
    "admin.manager.groups.onboarding.title",
    "admin.blog.nav",
    "meta.blogTitle",
    "nav.blog",
    "blog.title",
    "preselection.email",
    "contact.email",
    "dashboard.answers.email",
    "chatbot.fields.email",
    "auth.email",
    "admin.source.chatbot",
    "admin.list.email",
    "admin.list.status",
    "admin.detail.email",
    // "Menu" is the Portuguese word too.
    "admin.nav.menu",
    // Brazil's tax numbers keep their names in every language (a PIX key's type).
    "payouts.details.keyTypes.cpf",
    "payouts.details.keyTypes.cnpj",
    "payouts.details.keyTypes.email",
  ],
  // "Error" is also the Spanish word.
  es: [
    // The manager's analytics (issue 31): words these languages share with English.
    "admin.manager.total",

    "admin.blog.nav",
    "meta.blogTitle",
    "nav.blog",
    "blog.title",
    "meta.errorTitle",
    "notFound.code",
    "admin.source.chatbot",
    // Brazil's tax numbers keep their names in every language (a PIX key's type).
    "payouts.details.keyTypes.cpf",
    "payouts.details.keyTypes.cnpj",
  ],
  // Italian websites say "Home", and "creator" is the usual loanword ("Creator, Florianópolis").
  // "Password" is the Italian word too.
  it: [
    "admin.blog.nav",
    // Brazil's tax numbers keep their names in every language (a PIX key's type).
    "payouts.details.keyTypes.cpf",
    "payouts.details.keyTypes.cnpj",
    "payouts.details.keyTypes.email",
    // "Password" is the Italian word too.
    "security.password.title",
    "meta.blogTitle",
    "nav.blog",
    "blog.title",
    "preselection.email",
    "contact.email",
    "dashboard.answers.email",
    "chatbot.fields.email",
    "auth.email",
    "auth.password",
    "nav.home",
    "admin.source.chatbot",
    "admin.list.email",
    "admin.detail.email",
    // "Menu" is the Italian word too.
    "admin.nav.menu",
    // "Browser" and "account" are the Italian words too (a contract's audit page).
    "contracts.pdf.userAgent",
    "contracts.pdf.countersignedBy",
  ],
  // German uses "FAQ", "optional", "Code", "Name" and "Status" as they are.
  de: [
    // The manager's analytics (issue 31): words these languages share with English.
    "admin.manager.columns.median",
    "admin.manager.columns.model",
    "admin.manager.by.affiliate",
    "admin.manager.groups.onboarding.title",
    // Brazil's tax numbers keep their names in every language (a PIX key's type).
    "payouts.details.keyTypes.cpf",
    "payouts.details.keyTypes.cnpj",
    "admin.blog.nav",
    "meta.blogTitle",
    "nav.blog",
    "blog.title",
    "nav.faq",
    "preselection.whatsapp",
    "security.code",
    "admin.source.chatbot",
    "admin.list.name",
    "admin.list.status",
    "admin.affiliates.status",
    "admin.accessReport.system",
    "admin.accessReport.roles.model",
    "admin.users.roles.model",
    // "Browser" is the German word too (a contract's audit page).
    "contracts.pdf.userAgent",
    // The statements' column and field (issue 30): "Model", as the roles say it.
    "statements.admin.columns.model",
    "statements.import.columns.model",
    "statements.document.model",
  ],
  sv: [
    "admin.list.status",
    // The manager's analytics (issue 31).
    "admin.manager.columns.period",
    "admin.manager.columns.median",
    "admin.manager.by.affiliate",
    // Brazil's tax numbers keep their names in every language (a PIX key's type).
    "payouts.details.keyTypes.cpf",
    "payouts.details.keyTypes.cnpj",
  ],
};
// Kept in English in every language on purpose (see the next test), so never "untranslated".
// "WhatsApp" is a name.
const englishEverywhere = [
  "error.title",
  "dashboard.profile.whatsapp",
  "admin.email.tabs.whatsapp",
  // A contract template's version ("v2"), its sample model's name, and the CNPJ, a Brazilian
  // registration's own name.
  "contracts.templates.versionShort",
  "contracts.templates.sample.name",
  "contracts.agency.cnpj",
  // The commission rule stated in one part: the part itself, then the sentence's full stop.
  "affiliateProgram.rule.only",
];

describe("locales", () => {
  it("has exactly one locale folder per interface language", () => {
    expect(folders.sort()).toEqual([...codes].sort());
  });

  it.each(codes)("%s has exactly one file per namespace", (language) => {
    const names = files.filter((file) => file.language === language).map((f) => f.namespace);
    expect(names.sort()).toEqual([...namespaces].sort());
  });

  it.each(codes)("%s holds each key in one namespace only", (language) => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const file of files.filter((f) => f.language === language)) {
      for (const key of file.keys) {
        const earlier = seen.get(key);
        if (earlier) twice.push(`${key} (${earlier}, ${file.namespace})`);
        seen.set(key, file.namespace);
      }
    }
    expect(twice).toEqual([]);
  });

  // A page gets its strings by namespace: a key that sits in another file in some language would
  // be missing on the page in that language.
  it.each(others)("%s puts every key in the same namespace as pt", (language) => {
    const home = (code: string) =>
      new Map(
        files
          .filter((file) => file.language === code)
          .flatMap((file) => file.keys.map((key) => [key, file.namespace] as const)),
      );
    const ours = home("pt");
    const theirs = home(language);
    const moved = [...ours]
      .filter(([key, namespace]) => theirs.has(key) && theirs.get(key) !== namespace)
      .map(([key, namespace]) => `${key}: pt ${namespace}, ${language} ${theirs.get(key)}`);
    expect(moved).toEqual([]);
  });

  it.each(others)("%s has exactly the same keys as pt", (language) => {
    const keys = Object.keys(flat[language]!);
    const missing = Object.keys(pt).filter((key) => !(key in flat[language]!));
    const extra = keys.filter((key) => !(key in pt));
    expect(
      { missing, extra },
      `locales/${language} is missing [${missing.join(", ")}] and has extra [${extra.join(", ")}]`,
    ).toEqual({ missing: [], extra: [] });
  });

  it.each(codes)("%s has only non-empty string values", (language) => {
    const bad = Object.entries(flat[language]!)
      .filter(([, value]) => typeof value !== "string" || value.trim() === "")
      .map(([key]) => key);
    expect(bad, `${language}.json has empty or non-string values: ${bad.join(", ")}`).toEqual([]);
  });

  it.each(others)("%s uses the same {{placeholders}} as pt for each key", (language) => {
    const mismatched = Object.keys(pt)
      .filter((key) => key in flat[language]!)
      .filter((key) => placeholders(pt[key]).join() !== placeholders(flat[language]![key]).join())
      .map(
        (key) =>
          `${key}: pt ${placeholders(pt[key]).join(" ") || "(none)"}, ${language} ${placeholders(flat[language]![key]).join(" ") || "(none)"}`,
      );
    expect(mismatched, `${language}.json placeholders differ:\n${mismatched.join("\n")}`).toEqual(
      [],
    );
  });

  it.each(codes)("%s has no stray braces outside {{placeholders}}", (language) => {
    const bad = Object.entries(flat[language]!)
      .filter(([, value]) => /[{}]/.test(String(value).replace(/\{\{\s*\w+\s*\}\}/g, "")))
      .map(([key]) => key);
    expect(bad, `${language}.json has malformed placeholders: ${bad.join(", ")}`).toEqual([]);
  });

  it.each(codes.filter((code) => code !== "en"))(
    "%s leaves nothing untranslated (identical to en) outside its allow-list",
    (language) => {
      const allowed = new Set([...(sameAsEnglish[language] ?? []), ...englishEverywhere]);
      const untranslated = Object.keys(en)
        .filter((key) => flat[language]![key] === en[key] && !allowed.has(key))
        .map((key) => `${key} = ${JSON.stringify(en[key])}`);
      expect(
        untranslated,
        `${language}.json has values identical to en.json (translate them, or allow-list them here if the English text is correct in ${language}):\n${untranslated.join("\n")}`,
      ).toEqual([]);
    },
  );

  it.each(codes.filter((code) => code !== "en"))(
    "%s's allow-list has no stale entries",
    (language) => {
      const stale = (sameAsEnglish[language] ?? []).filter(
        (key) => !(key in en) || flat[language]![key] !== en[key],
      );
      expect(stale, `remove from the ${language} allow-list: ${stale.join(", ")}`).toEqual([]);
    },
  );

  it.each(codes)('%s keeps error.title as "Unexpected Application Error!"', (language) => {
    expect(flat[language]!["error.title"]).toBe("Unexpected Application Error!");
  });

  it("has the exact Portuguese 'coming soon' text for social links", () => {
    expect(pt["footer.socialSoon"]).toBe(
      "Funcionalidade em construção! Este link estará disponível em breve...",
    );
  });
});
