import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { NOTE_EDIT_MINUTES, NOTE_MAX_LENGTH } from "#app/features/submissions/notes.ts";
import { addNote, deleteNote, editNote } from "#app/features/submissions/notes.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import { storableText } from "#app/utils/text.ts";
import type { Route } from "./+types/submission-notes";

const detail = (id: number, done?: string) =>
  `/admin/cadastros/${id}${done ? `?notes=${done}` : ""}#notes`;

// Digits only: Number() would also read "1e3" or " 7 " as an id.
const idOf = (value: string | undefined) => {
  const id = /^[1-9]\d{0,15}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
};

const noteId = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number);
const body = z
  .string({ message: "admin.notes.errors.empty" })
  .transform((value) => storableText(value).replace(/\r\n?/g, "\n").trim())
  .pipe(
    z.string().min(1, "admin.notes.errors.empty").max(NOTE_MAX_LENGTH, "admin.notes.errors.long"),
  );
// Ids the suggestions chose (several), only to tell apart reviewers of the same name.
const mention = z.array(z.string().max(100)).max(50).default([]);
// Sent by the page once its scripts run: the answer is then data for the page, not a redirect.
const js = z.literal("1").optional();

const notesForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), body, mention, js }),
  z.object({ intent: z.literal("edit"), note: noteId, body, mention, js }),
  z.object({ intent: z.literal("delete"), note: noteId, js }),
]);

export type NotesResult =
  { ok: true; intent: "add" | "edit" | "delete" } | { ok: false; error: string; body?: string };

/**
 * The page a browser without JavaScript lands on when a change is refused (her note's text is
 * shown again, so nothing she typed is lost); a plain visit has nothing to do here.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminApplicationNotes");
  const id = idOf(params.id);
  const { t, strings } = pageContext(request);
  return {
    id,
    strings: strings("admin-detail"),
    title: pageTitle(t("admin.notes.title")),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * POST /admin/cadastros/:id/notes (approvers and admins): `intent` add, edit or delete. Adding
 * is any reviewer's; changing or deleting is the note's author's, within ten minutes of writing
 * it (checked here, by the database's clock): anyone else is refused 403, she herself once the
 * time is up 409. A plain form comes back to the application's page; the page's script gets
 * the answer as data.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminApplicationNotes");
  const form = await parseForm(request, notesForm, { repeated: ["mention"] });
  if (form.crossSite) {
    return data<NotesResult>({ ok: false, error: "validation.crossSite" }, 403);
  }
  const id = idOf(params.id);
  if (!form.success) {
    const message = form.error.issues[0]?.message ?? "";
    return data<NotesResult>(
      {
        ok: false,
        error: message.startsWith("admin.notes.") ? message : "auth.errors.generic",
        body: form.values.body,
      },
      400,
    );
  }
  const input = form.data;
  const db = await getDatabase();
  const author = { id: viewer.id };
  const result =
    input.intent === "add"
      ? await addNote(db, { submissionId: id, author, body: input.body, mentionIds: input.mention })
      : input.intent === "edit"
        ? await editNote(db, {
            noteId: input.note,
            submissionId: id,
            author,
            body: input.body,
            mentionIds: input.mention,
          })
        : await deleteNote(db, { noteId: input.note, submissionId: id, author });
  const typed = "body" in input ? input.body : undefined;
  switch (result.outcome) {
    case "added":
    case "edited":
    case "deleted":
      if (input.js) return data<NotesResult>({ ok: true, intent: input.intent });
      throw redirect(detail(id, result.outcome));
    case "forbidden":
      return data<NotesResult>(
        { ok: false, error: "admin.notes.errors.notYours", body: typed },
        403,
      );
    case "expired":
      return data<NotesResult>(
        { ok: false, error: "admin.notes.errors.expired", body: typed },
        409,
      );
    default:
      return data<NotesResult>({ ok: false, error: "admin.notes.errors.missing" }, 404);
  }
}

export default function NotesRefused({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const back = `/admin/cadastros/${loaderData.id}#notes`;
  const refused = actionData && !actionData.ok ? actionData : null;
  return (
    <>
      <Link to={back} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
        ← {t("admin.notes.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">{t("admin.notes.title")}</h1>
      <div className="mt-6 max-w-2xl">
        {refused ? (
          <FormMessage tone="error">{t(refused.error, { minutes: NOTE_EDIT_MINUTES })}</FormMessage>
        ) : null}
        {refused?.body ? (
          <Section id="typed" title={t("admin.notes.yourText")}>
            <p className="mt-3 text-sm whitespace-pre-wrap text-ink-800">{refused.body}</p>
          </Section>
        ) : null}
        <p className="mt-6">
          <Link to={back} className="font-semibold text-brand-700 underline underline-offset-2">
            {t("admin.notes.back")}
          </Link>
        </p>
      </div>
    </>
  );
}
