import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { tagColours, type TagColour } from "#app/db/tag-colours.ts";
import {
  ColourChoice,
  TagRow,
  type TagsResult as Result,
} from "#app/features/submissions/tags-settings.tsx";
import {
  createTag,
  deleteTag,
  listTags,
  updateTag,
} from "#app/features/submissions/team.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import { storableText } from "#app/utils/text.ts";
import type { Route } from "./+types/tags";

/** /admin/tags (admins): the tags reviewers put on applications, each a name and a colour. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminTags");
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-team"),
    title: pageTitle(t("admin.tags.title")),
    tags: await listTags(await getDatabase()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const name = z
  .string()
  .default("")
  .transform((value) => storableText(value).trim())
  .pipe(
    z
      .string()
      .min(1, { error: "admin.tags.nameRequired" })
      .max(40, { error: "admin.tags.nameTooLong" }),
  );
const colour = z.enum(tagColours, { error: "admin.tags.colourRequired" });
const tagId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

const tagsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name, colour }),
  z.object({ intent: z.literal("update"), id: tagId, name, colour }),
  z.object({ intent: z.literal("delete"), id: tagId }),
]);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminTags");
  const form = await parseForm(request, tagsForm);
  if (form.crossSite) {
    return data<Result>({ errors: { form: "validation.crossSite" } }, 403);
  }
  if (!form.success) {
    const errors = fieldErrorsOf<"name" | "colour" | "id" | "intent">(form.error);
    const values = form.values as Record<string, string | undefined>;
    return data<Result>(
      {
        intent: values.intent,
        id: Number(values.id) || undefined,
        errors: {
          name: errors.name,
          colour: errors.colour,
          form: errors.id || errors.intent ? "admin.tags.unknown" : undefined,
        },
        values: { name: values.name, colour: values.colour },
      },
      400,
    );
  }
  const input = form.data;
  const db = await getDatabase();
  const actor = { id: admin.id, ip: clientIp(request) };
  if (input.intent === "delete") {
    const outcome = await deleteTag(db, input.id, actor);
    return outcome === "missing"
      ? data<Result>({ intent: "delete", errors: { form: "admin.tags.unknown" } }, 404)
      : data<Result>({ intent: "delete", done: "deleted" });
  }
  const outcome =
    input.intent === "create"
      ? await createTag(db, { name: input.name, colour: input.colour, actor })
      : await updateTag(db, { id: input.id, name: input.name, colour: input.colour, actor });
  const id = input.intent === "update" ? input.id : undefined;
  if (outcome === "taken") {
    return data<Result>(
      {
        intent: input.intent,
        id,
        errors: { name: "admin.tags.taken" },
        values: { name: input.name, colour: input.colour },
      },
      409,
    );
  }
  if (outcome === "missing") {
    return data<Result>({ intent: input.intent, id, errors: { form: "admin.tags.unknown" } }, 404);
  }
  return data<Result>({
    intent: input.intent,
    id,
    done: input.intent === "create" ? "created" : "saved",
  });
}

export default function Tags({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const result = actionData as Result | undefined;
  const creating = result?.intent === "create" && result.errors ? result : undefined;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.tags.title")}</h1>
      <p className="mt-1 max-w-2xl text-sm text-ink-600">{t("admin.tags.intro")}</p>

      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {result?.done ? (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200">
            {t(`admin.tags.${result.done}`)}
          </p>
        ) : null}
      </div>
      {result?.errors?.form ? (
        <FormMessage tone="error">{t(result.errors.form)}</FormMessage>
      ) : null}

      <Section id="new-tag" title={t("admin.tags.new")} className="mt-6">
        <Form
          method="post"
          className="mt-4 space-y-4"
          noValidate
          key={result?.done === "created" ? loaderData.tags.length : "new"}
        >
          <input type="hidden" name="intent" value="create" />
          <Field
            id="tag-name"
            label={t("admin.tags.name")}
            error={creating?.errors?.name ? t(creating.errors.name) : undefined}
            className="max-w-sm"
          >
            {(aria) => (
              <Input {...aria} name="name" maxLength={40} defaultValue={creating?.values?.name} />
            )}
          </Field>
          <ColourChoice
            selected={(creating?.values?.colour as TagColour | undefined) ?? "teal"}
            error={creating?.errors?.colour ? t(creating.errors.colour) : undefined}
          />
          <Button type="submit" disabled={busy}>
            <Icon name="plus" />
            {t("admin.tags.create")}
          </Button>
        </Form>
      </Section>

      <Section id="tags" title={t("admin.tags.existing")} className="mt-6">
        {loaderData.tags.length ? (
          <ul className="mt-4 divide-y divide-ink-100">
            {loaderData.tags.map((tag) => (
              <TagRow
                key={tag.id}
                tag={tag}
                busy={busy}
                result={result?.intent === "update" && result.id === tag.id ? result : undefined}
              />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-ink-600">{t("admin.tags.none")}</p>
        )}
      </Section>
    </>
  );
}
