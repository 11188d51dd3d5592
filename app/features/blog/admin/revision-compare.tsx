import { WordDiff } from "#app/components/ui/word-diff.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { BlogTranslationFields } from "#app/db/schema.server.ts";
import { plainText, sanitizeBody } from "#app/features/blog/body.ts";

const compared = [
  "title",
  "slug",
  "category",
  "excerpt",
  "description",
  "coverAlt",
  "body",
] as const;

function textOf(fields: BlogTranslationFields, name: (typeof compared)[number]) {
  return name === "body" ? plainText(sanitizeBody(fields.body)) : fields[name];
}

/**
 * A revision beside the text being edited now, word by word: what the revision had that is gone
 * (struck through) and what is new since (underlined), field by field.
 */
export function RevisionCompare({
  revision,
  current,
}: {
  revision: BlogTranslationFields;
  current: BlogTranslationFields;
}) {
  const { t } = useTranslation();
  return (
    <dl className="space-y-5">
      {compared.map((name) => {
        const before = textOf(revision, name);
        const now = textOf(current, name);
        return (
          <div key={name}>
            <dt className="text-sm font-semibold text-ink-900">
              {t(`admin.blog.fields.${name}`)}
              {before === now ? (
                <span className="ms-2 font-normal text-ink-500">{t("admin.blog.unchanged")}</span>
              ) : null}
            </dt>
            {before === now ? null : (
              <dd className="mt-1 text-sm leading-relaxed whitespace-pre-line text-ink-800">
                <WordDiff before={before} now={now} />
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
