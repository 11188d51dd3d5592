import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { EmptyState } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { FieldErrors } from "#app/utils/field-errors.ts";
import { HomeItemForm, type SentValues, type SourceOfItem } from "./home-item-form.tsx";
import { PhotoOnRecord, type PhotoOnFile } from "./photo-field.tsx";
import type { Done } from "./status-note.tsx";

interface Item {
  id: number;
  title: string;
  subtitle: string;
  body: string;
  /** Undefined: the list has no hiding (the team). */
  hidden?: boolean;
  photo?: PhotoOnFile | null;
  /** A translation's Portuguese source (FAQ and testimonials only). */
  source?: SourceOfItem | null;
}

/** The id of an item's move button, to give her focus back to it after the move. */
const moveId = (intent: "up" | "down", id: number) => `move-${intent}-${id}`;

/**
 * After a move, focus is on the moved item's button again (the list was drawn anew under her
 * pointer, or her keyboard): the same direction's, or the other's when it has reached an end.
 * The answer and the list read again may be drawn one after the other: focus is given once the
 * list shows the item in its new place, so a button disabled by that drawing never holds it.
 * The move's new place is said by the page's status (status-note.tsx).
 */
function useFocusAfterMove(done: Done | undefined, items: { id: number }[]) {
  const handled = useRef<Done>(undefined);
  useEffect(() => {
    if (!done?.id || !done.intent || !done.position || handled.current === done) return;
    if (items.findIndex((item) => item.id === done.id) !== done.position - 1) return;
    handled.current = done;
    const button = (intent: "up" | "down") =>
      document.getElementById(moveId(intent, done.id!)) as HTMLButtonElement | null;
    const same = button(done.intent);
    const other = button(done.intent === "up" ? "down" : "up");
    (same && !same.disabled ? same : other)?.focus();
  }, [done, items]);
}

/**
 * The list in the home page's order: each item with its edit form, its moves, hide and delete,
 * and its photo with the consent it was published with. `editForm`: the edit form of a list
 * whose items are not FAQ or testimonials (the team).
 */
export function HomeItemList<T extends Item>({
  kind,
  language,
  items,
  failed,
  done,
  sources,
  editForm,
}: {
  kind: "faq" | "testimonial" | "team";
  language: string;
  items: T[];
  /** The last change that went through (a move: which item, to give it focus back). */
  done?: Done;
  /** The Portuguese items a translation may name as its source. */
  sources?: { id: number; title: string }[];
  /** The item whose change was refused, why, and what was typed. */
  failed?: { id?: number; errors: FieldErrors; values?: SentValues };
  editForm?: (item: T, failed?: { errors: FieldErrors; values?: SentValues }) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  useFocusAfterMove(done, items);
  if (!items.length) return <EmptyState className="mt-4">{t("admin.content.empty")}</EmptyState>;
  const button = (
    item: T,
    intent: string,
    icon: "arrow-up" | "arrow-down" | "eye" | "eye-off",
    label: string,
    disabled = false,
  ) => (
    <Form method="post">
      <input type="hidden" name="id" value={item.id} />
      <Button
        id={intent === "up" || intent === "down" ? moveId(intent, item.id) : undefined}
        type="submit"
        name="intent"
        value={intent}
        variant="ghost"
        size="sm"
        disabled={disabled}
        aria-label={`${label}: ${item.title}`}
      >
        <Icon name={icon} /> <span aria-hidden>{label}</span>
      </Button>
    </Form>
  );
  return (
    <ol className="mt-4 divide-y divide-ink-200" lang={language}>
      {items.map((item, index) => (
        <li key={item.id} className="py-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-ink-950">
                {item.title}{" "}
                {item.hidden ? <Badge tone="neutral">{t("admin.content.hidden")}</Badge> : null}{" "}
                {item.source?.outOfDate ? (
                  <span lang={i18n.language}>
                    <Badge tone="negative">{t("admin.content.translation.outOfDate")}</Badge>
                  </span>
                ) : null}
              </p>
              {item.subtitle ? <p className="text-sm text-ink-600">{item.subtitle}</p> : null}
              {item.body ? (
                <p className="mt-1 line-clamp-3 text-sm text-ink-700">{item.body}</p>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center gap-1">
              {button(item, "up", "arrow-up", t("admin.content.up"), index === 0)}
              {button(
                item,
                "down",
                "arrow-down",
                t("admin.content.down"),
                index === items.length - 1,
              )}
              {item.hidden === undefined
                ? null
                : item.hidden
                  ? button(item, "show", "eye", t("admin.content.show"))
                  : button(item, "hide", "eye-off", t("admin.content.hide"))}
            </div>
          </div>
          {item.photo ? <PhotoOnRecord id={item.id} name={item.title} photo={item.photo} /> : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <>
                  <Icon name="pencil" /> {t("admin.content.edit")}
                </>
              }
              triggerLabel={`${t("admin.content.edit")}: ${item.title}`}
              triggerClassName="btn btn-secondary btn-sm"
              open={failed?.id === item.id}
              className="open:basis-full"
              panelClassName="bg-white p-4 ring-ink-200 sm:p-6"
            >
              {editForm ? (
                editForm(item, failed?.id === item.id ? failed : undefined)
              ) : kind === "team" ? null : (
                <HomeItemForm
                  kind={kind}
                  language={language}
                  item={item}
                  errors={failed?.id === item.id ? failed.errors : undefined}
                  values={failed?.id === item.id ? failed.values : undefined}
                  sources={sources}
                />
              )}
            </ConfirmDialog>
            {kind === "team" ? null : (
              <Link
                to={`?${new URLSearchParams({ kind, language, history: String(item.id) })}`}
                aria-label={`${t("admin.content.history.link")}: ${item.title}`}
                className="btn btn-ghost btn-sm"
              >
                <Icon name="rotate-ccw-clock" />{" "}
                <span aria-hidden>{t("admin.content.history.link")}</span>
              </Link>
            )}
            <ConfirmDialog
              trigger={
                <>
                  <Icon name="trash" /> {t("admin.content.delete")}
                </>
              }
              triggerLabel={`${t("admin.content.delete")}: ${item.title}`}
              triggerClassName="btn btn-ghost btn-sm text-coral-700"
            >
              <p className="text-sm text-ink-700">{t("admin.content.deleteExplain")}</p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="id" value={item.id} />
                <Button type="submit" name="intent" value="delete" size="sm">
                  {t("admin.content.deleteConfirm")}
                </Button>
              </Form>
            </ConfirmDialog>
          </div>
        </li>
      ))}
    </ol>
  );
}
