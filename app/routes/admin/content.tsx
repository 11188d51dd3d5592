import { data, Link } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { Section } from "#app/components/ui/card.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { homeItemKinds } from "#app/db/home-item-kinds.ts";
import { HomeItemForm } from "#app/features/content/admin/home-item-form.tsx";
import { HomeItemList } from "#app/features/content/admin/home-item-list.tsx";
import {
  addHomeItem,
  changeHomeItem,
  listHomeItems,
} from "#app/features/content/home-items.server.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/content";

const codes = languages.map((l) => l.code) as [Language, ...Language[]];
const listSchema = z.object({
  kind: z.enum(homeItemKinds).catch("faq"),
  language: z.enum(codes).catch("pt"),
});

type Result = { ok: true } | { ok: false; id?: number; errors: FieldErrors };

/** /admin/content (editors and admins): the home page's FAQ and testimonials, per language. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminContent");
  const url = new URL(request.url);
  const list = listSchema.parse({
    kind: url.searchParams.get("kind") ?? undefined,
    language: url.searchParams.get("language") ?? undefined,
  });
  const items = await listHomeItems(await getDatabase(), list.kind, list.language);
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-content"),
    title: pageTitle(t("admin.content.title")),
    ...list,
    items,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** A field as sent; the item's own schema checks it (itemForm, home-items.server.ts). */
const sent = z.string().optional();
const itemId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((id) => id >= 1);

const contentForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), title: sent, subtitle: sent, body: sent }),
  z.object({ intent: z.literal("edit"), id: itemId, title: sent, subtitle: sent, body: sent }),
  z.object({ intent: z.literal(["up", "down", "hide", "show", "delete"]), id: itemId }),
]);

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminContent");
  const form = await parseForm(request, contentForm);
  if (form.crossSite)
    return data<Result>({ ok: false, errors: { form: "validation.crossSite" } }, 403);
  const url = new URL(request.url);
  const list = listSchema.parse({
    kind: url.searchParams.get("kind") ?? undefined,
    language: url.searchParams.get("language") ?? undefined,
  });
  if (!form.success)
    return data<Result>({ ok: false, errors: { form: "admin.content.errors.invalid" } }, 400);
  const input = form.data;
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  if (input.intent === "add") {
    const added = await addHomeItem(db, actor, list.kind, list.language, input);
    return added.ok ? data<Result>(added) : data<Result>(added, 400);
  }
  const { id } = input;
  const changed = await changeHomeItem(db, actor, { id, ...list }, input.intent, input);
  if (changed.ok) return data<Result>(changed);
  return data<Result>({ ok: false, id, errors: changed.errors }, changed.errors.form ? 404 : 400);
}

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, language, items } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const tab = (
    to: { kind?: string; language?: string },
    current: boolean,
    label: string,
    lang?: string,
  ) => (
    <Link
      to={`?${new URLSearchParams({ kind, language, ...to })}`}
      aria-current={current ? "page" : undefined}
      lang={lang}
      className="rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-ink-200 hover:bg-brand-50 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
    >
      {label}
    </Link>
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.content.title")}</h1>
        <p className="mt-2 max-w-2xl text-ink-600">{t("admin.content.intro")}</p>
      </div>
      <nav aria-label={t("admin.content.kindsNav")} className="flex flex-wrap gap-2">
        {homeItemKinds.map((value) =>
          tab({ kind: value }, value === kind, t(`admin.content.kinds.${value}`)),
        )}
      </nav>
      <nav aria-label={t("admin.content.languagesNav")} className="flex flex-wrap gap-2">
        {languages.map((l) => tab({ language: l.code }, l.code === language, l.name, l.code))}
      </nav>
      {failed?.errors.form ? (
        <p role="alert" className="text-sm font-medium text-coral-700">
          {t(failed.errors.form)}
        </p>
      ) : null}
      <Section
        id="items"
        title={t(`admin.content.kinds.${kind}`)}
        description={t(`admin.content.listIntro.${kind}`)}
      >
        <HomeItemList
          kind={kind}
          language={language}
          items={items}
          failed={failed?.id ? { id: failed.id, errors: failed.errors } : undefined}
        />
      </Section>
      <Section id="add" title={t(`admin.content.new.${kind}`)}>
        <div className="mt-4 max-w-2xl">
          <HomeItemForm
            key={`${kind}-${language}-${items.length}`}
            kind={kind}
            language={language}
            errors={failed && !failed.id ? failed.errors : undefined}
          />
        </div>
      </Section>
    </div>
  );
}
