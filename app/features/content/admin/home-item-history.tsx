import { WordDiff } from "#app/components/ui/word-diff.tsx";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";

interface Words {
  title: string;
  subtitle: string;
  body: string;
}

interface Revision {
  id: number;
  savedAt: string;
  savedBy: string | null;
  fields: Words;
}

/** The fields a list's item has, in the order its form shows them, with their labels. */
const fieldsOf = {
  faq: [
    ["title", "question"],
    ["body", "answer"],
  ],
  testimonial: [
    ["body", "quote"],
    ["title", "name"],
    ["subtitle", "role"],
  ],
} as const;

/**
 * One FAQ item's or testimonial's history: each save, newest first (when, by whom); one of them
 * beside the words on the site now, word by word (the HTML's <del> and <ins>, which screen
 * readers announce), and restored.
 */
export function HomeItemHistory({
  kind,
  language,
  item,
  revisions,
  compared,
}: {
  kind: "faq" | "testimonial";
  language: string;
  item: Words & { id: number };
  revisions: Revision[];
  compared: Revision | null;
}) {
  const { t, i18n } = useTranslation();
  const list = new URLSearchParams({ kind, language });
  const at = (revision: Revision) => `?${list}&history=${item.id}&compare=${revision.id}#compare`;
  return (
    <div className="space-y-6">
      <Link
        to={`?${list}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> {t("admin.content.history.back")}
      </Link>
      <div>
        <h1 className="text-3xl font-semibold tracking-tight break-words">
          {t("admin.content.history.title", { title: item.title })}
        </h1>
        <p className="mt-2 max-w-2xl text-ink-600">{t("admin.content.history.intro")}</p>
      </div>
      <Section id="revisions" title={t(`admin.content.kinds.${kind}`)} hideTitle>
        {revisions.length ? (
          <ol className="divide-y divide-ink-200">
            {revisions.map((revision) => (
              <li
                key={revision.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words" lang={language}>
                    {revision.fields.title}
                  </span>
                  <span className="text-sm text-ink-600">
                    {formatAgencyTime(revision.savedAt, i18n.language)}
                    {revision.savedBy
                      ? ` · ${t("admin.content.history.by", { name: revision.savedBy })}`
                      : ""}
                  </span>
                </span>
                <Link
                  to={at(revision)}
                  aria-current={compared?.id === revision.id ? "true" : undefined}
                  aria-label={`${t("admin.content.history.compare")}: ${formatAgencyTime(revision.savedAt, i18n.language)}`}
                  className="btn btn-secondary btn-sm aria-[current=true]:bg-brand-800 aria-[current=true]:text-white"
                >
                  {t("admin.content.history.compare")}
                </Link>
              </li>
            ))}
          </ol>
        ) : (
          <EmptyState>{t("admin.content.history.empty")}</EmptyState>
        )}
      </Section>
      {compared ? (
        <Section
          id="compare"
          anchor="compare"
          title={t("admin.content.history.comparing", {
            when: formatAgencyTime(compared.savedAt, i18n.language),
          })}
          description={t("admin.content.history.compareIntro")}
          actions={
            <Form method="post">
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="revision" value={compared.id} />
              <Button type="submit" name="intent" value="restore" size="sm">
                <Icon name="rotate-ccw" /> {t("admin.content.history.restore")}
              </Button>
            </Form>
          }
        >
          <dl className="mt-4 space-y-5" lang={language}>
            {fieldsOf[kind].map(([name, label]) => {
              const before = compared.fields[name];
              const now = item[name];
              return (
                <div key={name}>
                  <dt className="text-sm font-semibold text-ink-900" lang={i18n.language}>
                    {t(`admin.content.fields.${label}`)}
                    {before === now ? (
                      <span className="ms-2 font-normal text-ink-500">
                        {t("admin.content.history.unchanged")}
                      </span>
                    ) : null}
                  </dt>
                  <dd className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-ink-800">
                    {before === now ? now : <WordDiff before={before} now={now} />}
                  </dd>
                </div>
              );
            })}
          </dl>
        </Section>
      ) : null}
    </div>
  );
}
