import { data, Link } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { Section } from "#app/components/ui/card.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { HomeItemForm, type SentValues } from "#app/features/content/admin/home-item-form.tsx";
import { HomeItemList } from "#app/features/content/admin/home-item-list.tsx";
import { TeamMemberForm } from "#app/features/content/admin/team-member-form.tsx";
import {
  contentForm,
  doneOf,
  itemId,
  listSchema,
  placeIn,
} from "#app/features/content/admin/content-form.server.ts";
import { screenKinds } from "#app/features/content/admin/screen-kinds.ts";
import { HomeItemHistory } from "#app/features/content/admin/home-item-history.tsx";
import { StatusNote, type Done } from "#app/features/content/admin/status-note.tsx";
import {
  addHomeItem,
  changeHomeItem,
  listHomeItemRevisions,
  listHomeItems,
  positionOf,
  restoreHomeItem,
  SOURCE_LANGUAGE,
  sourceChoices,
} from "#app/features/content/home-items.server.ts";
import { receivePhoto } from "#app/features/content/photos.server.ts";
import { addTeamMember, changeTeamMember, listTeam } from "#app/features/content/team.server.ts";
import { MAX_IMAGE_UPLOAD_BYTES } from "#app/utils/body-limit.server.ts";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/content";

type Result = Done | { ok: false; id?: number; errors: FieldErrors; values?: SentValues };

/**
 * /admin/content (editors and admins): the home page's FAQ and testimonials per language, and
 * its team. Its hero image is on the Site screen (routes/admin/site.tsx).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminContent");
  const url = new URL(request.url);
  const list = listSchema.parse({
    kind: url.searchParams.get("kind") ?? undefined,
    language: url.searchParams.get("language") ?? undefined,
  });
  const db = await getDatabase();
  const { t, strings } = pageContext(request);
  const common = { strings: strings("admin-content", "admin-images"), ...list };
  // One item's history (?history=<id>), and one of its revisions beside the text now.
  const historyOf = itemId.safeParse(url.searchParams.get("history") ?? undefined);
  if (historyOf.success && list.kind !== "team") {
    const history = await listHomeItemRevisions(db, {
      id: historyOf.data,
      kind: list.kind,
      language: list.language,
    });
    if (!history) throw data(null, { status: 404 });
    const asked = Number(url.searchParams.get("compare"));
    return {
      ...common,
      title: pageTitle(t("admin.content.history.title", { title: history.item.title })),
      history: {
        ...history,
        compared: history.revisions.find((revision) => revision.id === asked) ?? null,
      },
      items: [],
      team: [],
      sources: [],
    };
  }
  const [items, team, sources] = await Promise.all([
    list.kind === "team" ? [] : listHomeItems(db, list.kind, list.language),
    list.kind === "team" ? listTeam(db) : [],
    list.kind === "team" || list.language === SOURCE_LANGUAGE ? [] : sourceChoices(db, list.kind),
  ]);
  return {
    ...common,
    title: pageTitle(t("admin.content.title")),
    history: null,
    items,
    team,
    sources,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminContent");
  const form = await parseForm(request, contentForm, { bytes: MAX_IMAGE_UPLOAD_BYTES });
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
  const { values } = form;
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  const id = "id" in input ? input.id : undefined;
  const refuse = (errors: FieldErrors, status: number) =>
    data<Result>({ ok: false, id, errors, values }, status);
  // The photo (testimonials and team only) is checked and encoded before anything is written;
  // refused, nothing is, and the form comes back with what was typed.
  let photo = null;
  if (input.intent === "add" || input.intent === "edit") {
    if (input.photo && list.kind === "faq")
      return refuse({ form: "admin.content.errors.invalid" }, 400);
    const received = await receivePhoto(input.photo, {
      consent: input.consent,
      shape: "portrait",
      signal: request.signal,
    });
    if (!received.ok) return refuse({ photo: received.error }, received.status);
    photo = received.encoded;
  }
  const target = id === undefined || list.kind === "team" ? null : { id, ...list, kind: list.kind };
  const result =
    list.kind === "team"
      ? input.intent === "add"
        ? await addTeamMember(db, actor, input, photo)
        : input.intent === "hide" ||
            input.intent === "show" ||
            input.intent === "markCurrent" ||
            input.intent === "restore"
          ? ({ ok: false, errors: { form: "admin.content.errors.invalid" } } as const)
          : await changeTeamMember(db, actor, input.id, input.intent, input, photo)
      : input.intent === "add"
        ? await addHomeItem(db, actor, list.kind, list.language, input, photo)
        : input.intent === "restore"
          ? await restoreHomeItem(db, actor, target!, input.revision)
          : await changeHomeItem(db, actor, target!, input.intent, input, photo);
  if (result.ok) {
    const done: Done = { ok: true, done: doneOf[input.intent], at: new Date().toISOString() };
    // A moved item: where it is now, to keep her focus on it and say so (home-item-list.tsx).
    if (input.intent === "up" || input.intent === "down") {
      const place = target ? await positionOf(db, target) : placeIn(await listTeam(db), input.id);
      if (place) return data<Result>({ ...done, id: input.id, intent: input.intent, ...place });
    }
    return data<Result>(done);
  }
  return refuse(result.errors, result.errors.form === "admin.content.errors.notFound" ? 404 : 400);
}

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, language, items, team, sources, history } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const done = actionData?.ok ? actionData : undefined;
  const listFailed = failed?.id ? failed : undefined;
  const formError = failed?.errors.form ? (
    <p role="alert" className="text-sm font-medium text-coral-700">
      {t(failed.errors.form)}
    </p>
  ) : null;
  if (history && kind !== "team") {
    return (
      <>
        {formError}
        <HomeItemHistory kind={kind} language={language} {...history} />
        <StatusNote done={done} />
      </>
    );
  }
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
        {screenKinds.map((value) =>
          tab({ kind: value }, value === kind, t(`admin.content.kinds.${value}`)),
        )}
      </nav>
      {kind === "team" ? (
        <p className="max-w-2xl text-sm text-ink-600">{t("admin.content.team.allLanguages")}</p>
      ) : (
        <nav aria-label={t("admin.content.languagesNav")} className="flex flex-wrap gap-2">
          {languages.map((l) => tab({ language: l.code }, l.code === language, l.name, l.code))}
        </nav>
      )}
      {formError}
      <Section
        id="items"
        title={t(`admin.content.kinds.${kind}`)}
        description={t(`admin.content.listIntro.${kind}`)}
      >
        {kind === "team" ? (
          <HomeItemList
            kind="team"
            language={language}
            items={team.map((member) => ({
              ...member,
              title: member.name,
              subtitle: member.roles[language],
              body: "",
            }))}
            failed={listFailed}
            done={done}
            editForm={(member, failedHere) => (
              <TeamMemberForm
                member={member}
                errors={failedHere?.errors}
                values={failedHere?.values}
              />
            )}
          />
        ) : (
          <HomeItemList
            kind={kind}
            language={language}
            items={items}
            failed={listFailed}
            done={done}
            sources={sources}
          />
        )}
      </Section>
      <Section id="add" title={t(`admin.content.new.${kind}`)}>
        <div className="mt-4 max-w-2xl">
          {kind === "team" ? (
            <TeamMemberForm
              key={`team-${team.length}`}
              errors={failed && !failed.id ? failed.errors : undefined}
              values={failed && !failed.id ? failed.values : undefined}
            />
          ) : (
            <HomeItemForm
              key={`${kind}-${language}-${items.length}`}
              kind={kind}
              language={language}
              errors={failed && !failed.id ? failed.errors : undefined}
              values={failed && !failed.id ? failed.values : undefined}
              sources={sources}
            />
          )}
        </div>
      </Section>
      <StatusNote done={done} />
    </div>
  );
}
