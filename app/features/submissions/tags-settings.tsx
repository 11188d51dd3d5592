import { Form } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Input, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { tagColourClasses, tagColours, type TagColour } from "#app/db/tag-colours.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { TagChip } from "./tag-chip.tsx";
import type { Tag } from "./team.server.ts";

/** What the tags screen's action answers (app/routes/admin/tags.tsx). */
export type TagsResult = {
  intent?: string;
  id?: number;
  errors?: Partial<Record<"name" | "colour" | "form", string>>;
  /** What she typed, shown again with the errors. */
  values?: Partial<Record<"name" | "colour", string>>;
  done?: "created" | "saved" | "deleted";
};

/** The palette as a radio group: each colour shown with a sample of text on it, and named. */
export function ColourChoice({ selected, error }: { selected: TagColour; error?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={error ? "tag-colour-error" : undefined}>
      <legend className="text-sm font-semibold text-ink-900">{t("admin.tags.colour")}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {tagColours.map((colour) => (
          <label key={colour} className="cursor-pointer">
            <input
              type="radio"
              name="colour"
              value={colour}
              defaultChecked={colour === selected}
              className="peer sr-only"
            />
            <span
              className={cn(
                "inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold ring-offset-2 peer-checked:ring-2 peer-checked:ring-ink-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-600",
                tagColourClasses[colour],
              )}
            >
              {t(`admin.tags.colours.${colour}`)}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="tag-colour-error" className="mt-2 text-sm font-medium text-coral-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function TagRow({ tag, busy, result }: { tag: Tag; busy: boolean; result?: TagsResult }) {
  const { t } = useTranslation();
  const nameId = `tag-${tag.id}-name`;
  const colourId = `tag-${tag.id}-colour`;
  const error = result?.errors?.name;
  return (
    <li className="space-y-2 py-3 sm:flex sm:items-end sm:gap-3 sm:space-y-0">
      <TagChip tag={tag} className="min-w-16 justify-center sm:mb-3" />
      <Form
        method="post"
        className="flex flex-wrap items-end gap-2 sm:min-w-0 sm:flex-1"
        noValidate
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={tag.id} />
        <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
          <label htmlFor={nameId} className="text-xs font-semibold text-ink-600">
            {t("admin.tags.name")}
          </label>
          <Input
            id={nameId}
            name="name"
            maxLength={40}
            defaultValue={result?.values?.name ?? tag.name}
            key={`${tag.name}-${result ? "typed" : "stored"}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
            className="mt-1 h-11 py-0 text-sm"
          />
        </div>
        <div className="w-36 shrink-0">
          <label htmlFor={colourId} className="text-xs font-semibold text-ink-600">
            {t("admin.tags.colour")}
          </label>
          <Select
            id={colourId}
            name="colour"
            defaultValue={tag.colour}
            key={tag.colour}
            className="mt-1"
          >
            {tagColours.map((colour) => (
              <option key={colour} value={colour}>
                {t(`admin.tags.colours.${colour}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" size="sm" variant="secondary" disabled={busy} className="mb-1">
          {t("admin.tags.save")}
          <span className="sr-only">: {tag.name}</span>
        </Button>
        {error ? (
          <p
            id={`${nameId}-error`}
            role="alert"
            className="w-full text-sm font-medium text-coral-700"
          >
            {t(error)}
          </p>
        ) : null}
      </Form>
      <ConfirmDialog
        floating
        trigger={
          <>
            <Icon name="trash" className="size-4" />
            {t("admin.tags.delete")}
          </>
        }
        triggerLabel={t("admin.tags.deleteLabel", { name: tag.name })}
        triggerClassName={cn(buttonVariants({ variant: "ghost", size: "sm" }), "mb-1")}
      >
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={tag.id} />
          <p className="text-ink-700">{t("admin.tags.deleteExplain", { name: tag.name })}</p>
          <Button type="submit" size="sm" disabled={busy} className="mt-3">
            {t("admin.tags.deleteConfirm")}
          </Button>
        </Form>
      </ConfirmDialog>
    </li>
  );
}
