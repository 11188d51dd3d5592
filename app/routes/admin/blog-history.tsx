import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { articleParams } from "#app/features/blog/admin/params.server.ts";
import { RevisionCompare } from "#app/features/blog/admin/revision-compare.tsx";
import {
  articleForEditor,
  listRevisions,
  restoreRevision,
} from "#app/features/blog/editor.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog-history";

/** A translation's revisions (each publication), one compared with today's text, and restored. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminBlogHistory");
  const { id, language } = articleParams(params);
  const db = await getDatabase();
  const article = await articleForEditor(db, id);
  const translation = article?.translations.find((t) => t.language === language);
  if (!translation) throw data(null, { status: 404 });
  const revisions = await listRevisions(db, id, language);
  const asked = Number(new URL(request.url).searchParams.get("compare"));
  const compared = revisions.find((revision) => revision.id === asked) ?? null;
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-blog"),
    title: pageTitle(t("admin.blog.historyTitle", { title: translation.working.title })),
    id,
    language,
    current: translation.working,
    revisions: revisions.map(({ fields, ...revision }) => ({ ...revision, title: fields.title })),
    compared,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const restoreForm = z.object({
  intent: z.literal("restore"),
  revision: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminBlogHistory");
  const { id, language } = articleParams(params);
  const form = await parseForm(request, restoreForm);
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  if (!form.success) return data({ error: "admin.blog.errors.invalid" }, 400);
  const db = await getDatabase();
  const restored = await restoreRevision(
    db,
    { id: viewer.id, ip: clientIp(request) },
    id,
    language,
    form.data.revision,
  );
  if (!restored.ok) {
    return data({ error: Object.values(restored.errors)[0] ?? "admin.blog.errors.invalid" }, 409);
  }
  throw redirect(`/admin/blog/${id}/${language}?restored=1`);
}

export default function BlogHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { id, language, revisions, compared, current } = loaderData;
  return (
    <div className="space-y-6">
      <Link
        to={`/admin/blog/${id}/${language}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> {t("admin.blog.backToEditor")}
      </Link>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.blog.history")}</h1>
      {actionData?.error ? (
        <p role="alert" className="text-sm font-medium text-coral-700">
          {t(actionData.error)}
        </p>
      ) : null}
      <Section
        id="revisions"
        title={t("admin.blog.revisions")}
        description={t("admin.blog.revisionsIntro")}
      >
        {revisions.length ? (
          <ol className="mt-4 divide-y divide-ink-200">
            {revisions.map((revision) => (
              <li
                key={revision.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <span>
                  <span className="block font-semibold">{revision.title}</span>
                  <span className="text-sm text-ink-600">
                    {formatAgencyTime(revision.savedAt, i18n.language)}
                    {revision.savedBy ? ` · ${t("admin.blog.by", { name: revision.savedBy })}` : ""}
                  </span>
                </span>
                <Link
                  to={`?compare=${revision.id}`}
                  aria-current={compared?.id === revision.id ? "true" : undefined}
                  className="btn btn-secondary btn-sm"
                >
                  {t("admin.blog.compare")}
                </Link>
              </li>
            ))}
          </ol>
        ) : (
          <EmptyState className="mt-4">{t("admin.blog.noRevisions")}</EmptyState>
        )}
      </Section>
      {compared ? (
        <Section
          id="compare"
          title={t("admin.blog.comparing", {
            when: formatAgencyTime(compared.savedAt, i18n.language),
          })}
          description={t("admin.blog.compareIntro")}
          actions={
            <Form method="post">
              <input type="hidden" name="revision" value={compared.id} />
              <Button type="submit" name="intent" value="restore" size="sm">
                <Icon name="rotate-ccw" /> {t("admin.blog.restore")}
              </Button>
            </Form>
          }
        >
          <div className="mt-4">
            <RevisionCompare revision={compared.fields} current={current} />
          </div>
        </Section>
      ) : null}
    </div>
  );
}
