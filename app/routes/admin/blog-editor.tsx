import { data, isRouteErrorResponse, redirect, useFetcher } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { ArticleEditor } from "#app/features/blog/admin/article-editor.tsx";
import type { EditorResult } from "#app/features/blog/admin/editor-result.ts";
import { LanguageTabs } from "#app/features/blog/admin/language-tabs.tsx";
import { articleParams } from "#app/features/blog/admin/params.server.ts";
import { EDIT_SEQ_FIELD, EDIT_SESSION_FIELD } from "#app/features/blog/edit-stamp.ts";
import {
  addTranslation,
  articleForEditor,
  createPreviewLink,
  deleteArticle,
  discardChanges,
  markTranslationCurrent,
  saveAndPublish,
  saveWorkingCopy,
  takeOffSite,
  type TranslationField,
} from "#app/features/blog/editor.server.ts";
import { findImage } from "#app/features/images/images.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { fromAgencyLocal } from "#app/utils/agency-time.ts";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Language } from "#app/i18n/languages.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { publicOrigin } from "#app/utils/origin.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/blog-editor";

/** /admin/blog/:id/:language: one translation of an article, its state and what can be done. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminBlogPost");
  const { id, language } = articleParams(params);
  const db = await getDatabase();
  const article = await articleForEditor(db, id);
  if (!article) throw data(null, { status: 404 });
  const translation = article.translations.find((t) => t.language === language) ?? null;
  // A cover just uploaded by a form without script comes back as ?cover=<id>.
  const coverParam = Number(new URL(request.url).searchParams.get("cover"));
  const coverId = Number.isSafeInteger(coverParam) && coverParam > 0 ? coverParam : null;
  const coverImageId = coverId ?? translation?.working.coverImageId ?? null;
  const cover = coverImageId ? await findImage(db, coverImageId) : null;
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-blog", "admin-images"),
    title: pageTitle(
      t("admin.blog.editTitle", { title: translation?.working.title ?? t("admin.blog.title") }),
    ),
    id,
    language,
    languages: article.translations.map(({ language, state, sourceLanguage, outOfDate }) => ({
      language,
      state,
      sourceLanguage,
      outOfDate,
    })),
    translation,
    cover,
    // Where the article's page will be, and what its share image is said to show, in the
    // article's language (the `meta` strings stay on the server): for its share card.
    origin: publicOrigin(request),
    shareStrings: shareStrings(language),
  };
}

/** The share image's descriptions, the cover's with its `{{title}}` left for the browser. */
function shareStrings(language: Language) {
  const t = getFixedT(language);
  return {
    "meta.shareImageAlt": t("meta.shareImageAlt"),
    "meta.coverImageAlt": t("meta.coverImageAlt", { title: "{{title}}" }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const SCHEDULE_MARGIN_MS = 30_000;

/** A field as sent; the editor's own schema checks it (translationForm, editor.server.ts). */
const sent = z.string().optional();

/** The editor's fields: its buttons send them, so what is on her screen is what is saved. */
const editorFields = z.object({
  title: sent,
  seoTitle: sent,
  slug: sent,
  category: sent,
  excerpt: sent,
  description: sent,
  body: sent,
  coverImageId: sent,
  coverAlt: sent,
} satisfies Record<TranslationField, typeof sent>);

/** Which page sent the request and its how-manyth write (features/blog/edit-stamp.ts). */
const editStamp = z.object({ [EDIT_SESSION_FIELD]: sent, [EDIT_SEQ_FIELD]: sent });

const editorForm = z.discriminatedUnion("intent", [
  editorFields.extend({
    ...editStamp.shape,
    intent: z.literal(["save", "publish", "unpublish", "preview-link"]),
  }),
  editorFields.extend({ ...editStamp.shape, intent: z.literal("schedule"), publishAt: sent }),
  editStamp.extend({ intent: z.literal("discard") }),
  z.object({ intent: z.literal("add-translation"), language: sent, title: sent, from: sent }),
  z.object({ intent: z.literal("mark-current") }),
  z.object({ intent: z.literal("delete"), confirm: sent }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminBlogPost");
  const { id, language } = articleParams(params);
  const parsed = await parseForm(request, editorForm);
  if (parsed.crossSite) {
    return data<EditorResult>({ ok: false, errors: { form: "validation.crossSite" } }, 403);
  }
  if (!parsed.success) {
    return data<EditorResult>({ ok: false, errors: { form: "admin.blog.errors.invalid" } }, 400);
  }
  const form = parsed.data;
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  const refused = (errors: FieldErrors, status = 400) =>
    data<EditorResult>({ ok: false, errors }, status);
  // The editor's buttons send her fields with them: what she shares or takes off the site is
  // what is on her screen, typed a moment ago included (the autosave may not have run yet).
  const saveSent = async (fields: z.output<typeof editorFields>) =>
    fields.body !== undefined ? saveWorkingCopy(db, actor, id, language, fields) : null;

  switch (form.intent) {
    case "save": {
      const saved = await saveWorkingCopy(db, actor, id, language, form);
      if (!saved.ok) return refused(saved.errors, saved.errors.form ? 404 : 400);
      return data<EditorResult>({
        ok: true,
        done: "saved",
        savedAt: saved.savedAt,
        hasPendingChanges: saved.heldAside,
        title: form.title?.trim(),
      });
    }
    case "publish":
    case "schedule": {
      let at: Date | null = null;
      if (form.intent === "schedule") {
        at = fromAgencyLocal(form.publishAt ?? "");
        if (!at) return refused({ publishAt: "admin.blog.errors.publishAt" });
        if (at.getTime() < Date.now() + SCHEDULE_MARGIN_MS) {
          return refused({ publishAt: "admin.blog.errors.publishAtPast" });
        }
      }
      // What is on screen is what goes live: saved and published in one transaction.
      const published = await saveAndPublish(db, actor, id, language, form, at);
      if (!published.ok) {
        const { errors, refusedAt, savedAt } = published;
        const status = errors.form ? 404 : refusedAt === "publish" ? 409 : 400;
        // Refused for what publishing needs, her text is the draft now: the editor says both.
        return data<EditorResult>({ ok: false, errors, savedAt }, status);
      }
      return data<EditorResult>({
        ok: true,
        done: published.scheduled ? "scheduled" : "published",
        savedAt: published.savedAt,
      });
    }
    case "unpublish": {
      const saved = await saveSent(form);
      if (saved && !saved.ok) return refused(saved.errors, saved.errors.form ? 404 : 400);
      const was = await takeOffSite(db, actor, id, language);
      if (!was) return refused({ form: "admin.blog.errors.notPublished" }, 409);
      return data<EditorResult>({
        ok: true,
        done: was === "scheduled" ? "unscheduled" : "unpublished",
      });
    }
    case "discard":
      if (!(await discardChanges(db, id, language, form))) {
        return refused({ form: "admin.blog.errors.notFound" }, 404);
      }
      return data<EditorResult>({ ok: true, done: "discarded" });
    case "preview-link": {
      const saved = await saveSent(form);
      if (saved && !saved.ok) return refused(saved.errors, saved.errors.form ? 404 : 400);
      const token = await createPreviewLink(db, id, language);
      if (!token) return refused({ form: "admin.blog.errors.notFound" }, 404);
      return data<EditorResult>({
        ok: true,
        done: "preview-link",
        // Whole, as she sends it: the site's public address, as its pages' canonical links have.
        previewUrl: `${publicOrigin(request)}/blog/preview/${token}`,
      });
    }
    case "add-translation": {
      const added = await addTranslation(db, actor, id, {
        language: form.language,
        title: form.title,
        from: form.from,
      });
      if (!added.ok) return refused(added.errors, added.errors.form ? 404 : 400);
      throw redirect(`/admin/blog/${id}/${added.language}`);
    }
    case "mark-current": {
      const marked = await markTranslationCurrent(db, id, language);
      if (!marked.ok) {
        const { form } = marked.errors;
        return refused(marked.errors, form === "admin.blog.errors.notFound" ? 404 : 409);
      }
      return data<EditorResult>({ ok: true, done: "marked-current" });
    }
    case "delete":
      if (form.confirm !== "yes") return refused({ form: "admin.blog.errors.confirmDelete" });
      if (!(await deleteArticle(db, actor, id)))
        return refused({ form: "admin.blog.errors.notFound" }, 404);
      throw redirect("/admin/blog?deleted=1");
  }
}

/**
 * In the browser every answer of the action passes through here. A request that never reached the
 * server (her connection dropped) or that it failed to answer becomes an answer like the others,
 * so the editor stays on screen with her text, says why in her language and tries again (issue
 * 27); left to the router, the failure would replace the whole page with the error screen. A
 * redirect (a new translation, a deletion, a session that ended) goes on as the server asked.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) {
      // A refusal of the request itself (too large, unreadable): its message is a key.
      const { message } = (error.data ?? {}) as { message?: unknown };
      const form =
        typeof message === "string" && message.startsWith("validation.")
          ? message
          : "admin.blog.errors.invalid";
      return data<EditorResult>({ ok: false, errors: { form } }, error.status);
    }
    // A 5xx status keeps the router from reading the page's data again, which would fail too.
    return data<EditorResult>(
      { ok: false, errors: {}, unreachable: navigator.onLine ? "server" : "offline" },
      503,
    );
  }
}

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, language, languages, translation, cover } = loaderData;
  // An autosave does not read the page again (article-editor.tsx): the heading follows its answer.
  const saved = useFetcher<EditorResult>({ key: `article-${id}-${language}` }).data;
  return (
    <>
      <LanguageTabs
        id={id}
        title={saved?.ok && saved.title ? saved.title : translation?.working.title}
        current={language}
        languages={languages}
        result={actionData}
      />
      {translation ? (
        <ArticleEditor
          key={`${id}-${language}`}
          id={id}
          language={language}
          translation={translation}
          cover={cover}
          result={actionData}
        />
      ) : (
        <p className="mt-8 text-ink-600">{t("admin.blog.noTranslation")}</p>
      )}
    </>
  );
}
