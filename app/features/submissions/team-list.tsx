import { useId, type MouseEvent, type ReactNode } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import type { TagColour } from "#app/db/tag-colours.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { ReviewFilter } from "./review-filter.ts";
import type { SavedView } from "./saved-views.server.ts";
import { TagChip } from "./tag-chip.tsx";
import type { TeamResult } from "./team-answer.server.ts";
import { WAITING_DAYS } from "./team-filter.ts";
import { Initials } from "./team-panel.tsx";

/*
 * The review list's team parts (issue 28): its filters, what a row shows of the team's work,
 * tagging the ticked rows, and the saved views above it.
 */

export interface TagOption {
  id: number;
  name: string;
  colour: TagColour;
}

/** What a row shows of the team's work: owner, tags, the reviewers' average. */
export interface RowTeam {
  owner: string | null;
  tags: TagOption[];
  average: number | null;
  count: number;
}

/**
 * The team filters, inside the list's filter form: folded away on a phone unless one is on, so
 * the list still starts on the first screen.
 */
export function TeamFilters({
  filter,
  tags,
}: {
  filter: ReviewFilter;
  tags: readonly TagOption[];
}) {
  const { t } = useTranslation();
  const on = Boolean(
    filter.owner || filter.tagId || filter.minRating || filter.referred || filter.waiting,
  );
  return (
    <details open={on || undefined} className="group col-span-2 lg:col-span-5">
      <summary className="inline-flex cursor-pointer items-center gap-1 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600">
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
        {t("admin.views.moreFilters")}
      </summary>
      <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Choice id="owner" label={t("admin.owner.filter")} value={filter.owner}>
          <option value="me">{t("admin.owner.filterMine")}</option>
          <option value="none">{t("admin.owner.filterNone")}</option>
        </Choice>
        <Choice id="tag" label={t("admin.tags.filter")} value={filter.tagId?.toString()}>
          {tags.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </Choice>
        <Choice id="rating" label={t("admin.rating.filter")} value={filter.minRating?.toString()}>
          {[4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {t("admin.rating.atLeast", { count: stars })}
            </option>
          ))}
        </Choice>
        <Check name="referred" checked={filter.referred} label={t("admin.views.referredFilter")} />
        <Check
          name="waiting"
          checked={filter.waiting}
          label={t("admin.views.waitingFilter", { count: WAITING_DAYS })}
        />
      </div>
    </details>
  );
}

function Choice({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold text-ink-600">
        {label}
      </label>
      <Select id={id} name={id} defaultValue={value ?? ""} className="mt-1">
        <option value="">{t("admin.list.any")}</option>
        {children}
      </Select>
    </div>
  );
}

function Check({ name, checked, label }: { name: string; checked?: boolean; label: string }) {
  return (
    <label className="flex items-center gap-2 self-end py-2.5 text-sm text-ink-800">
      <input
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}

/** A row's tags, under her name. */
export function RowTags({ tags }: { tags: readonly TagOption[] }) {
  const { t } = useTranslation();
  if (!tags.length) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("admin.tags.title")}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <TagChip tag={tag} className="px-2 text-[0.6875rem]" />
        </li>
      ))}
    </ul>
  );
}

/** A row's owner (initials, her name for screen readers and on hover) and average rating. */
export function RowTeamCell({ team }: { team: RowTeam }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      {team.owner ? (
        <span title={team.owner} className="inline-flex">
          <Initials name={team.owner} />
          <span className="sr-only">{t("admin.owner.ownedBy", { name: team.owner })}</span>
        </span>
      ) : (
        <span className="sr-only">{t("admin.owner.none")}</span>
      )}
      {team.average !== null ? (
        <span className="inline-flex items-center gap-0.5 text-xs font-semibold text-ink-800">
          <Icon name="star-filled" className="size-3.5 text-coral-700" />
          <span aria-hidden="true">
            {new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1 }).format(
              team.average,
            )}
            <span className="font-normal text-ink-600"> ({team.count})</span>
          </span>
          <span className="sr-only">
            {t("admin.rating.average", {
              average: new Intl.NumberFormat(i18n.language, {
                minimumFractionDigits: 1,
              }).format(team.average),
              count: team.count,
            })}
          </span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * Tagging the ticked rows: a control of its own beside the bulk decision. Its fields belong to
 * the list's bulk form (`form="bulk"`), whose boxes are ticked in the table, and its button
 * posts that form to /admin/bulk-tag instead (`formAction`); with JavaScript, a fetcher sends
 * the same fields and the list reloads in place.
 */
export function BulkTag({ tags }: { tags: readonly TagOption[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TeamResult>();
  const location = useLocation();
  const selectId = useId();
  if (!tags.length) return null;
  const send = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    void fetcher.submit(new FormData(form, event.currentTarget), {
      method: "post",
      action: "/admin/bulk-tag",
      preventScrollReset: true,
    });
  };
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <div
      role="group"
      aria-labelledby={`${selectId}-title`}
      className="card mt-4 flex flex-wrap items-end gap-3 p-4"
    >
      <p id={`${selectId}-title`} className="w-full text-sm font-semibold text-ink-900">
        {t("admin.tags.bulkTitle")}
      </p>
      <input
        type="hidden"
        name="return"
        value={`${location.pathname}${location.search}`}
        form="bulk"
      />
      <div className="min-w-48 flex-1">
        <label htmlFor={selectId} className="text-xs font-semibold text-ink-600">
          {t("admin.tags.title")}
        </label>
        <Select id={selectId} name="tag" form="bulk" defaultValue="" className="mt-1">
          <option value="">{t("admin.tags.choose")}</option>
          {tags.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </Select>
      </div>
      <Button
        type="submit"
        form="bulk"
        formAction="/admin/bulk-tag"
        variant="secondary"
        onClick={send}
        disabled={fetcher.state !== "idle"}
        className="mb-0.5"
      >
        <Icon name="tag" />
        {t("admin.tags.bulkAdd")}
      </Button>
      <div role="status" aria-live="polite" className="w-full text-sm empty:hidden">
        {result?.error ? (
          <p className="font-medium text-coral-700">{t(result.error, { max: 200 })}</p>
        ) : result?.ok ? (
          <p className="text-brand-900">
            {result.count
              ? t("admin.tags.bulkDone", { count: result.count })
              : t("admin.tags.bulkNone")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A list's address, as a saved view keeps it: path and the query string the list reads. */
function sameView(href: string, here: string) {
  const a = new URL(href, "http://x.invalid");
  const b = new URL(here, "http://x.invalid");
  a.searchParams.sort();
  b.searchParams.sort();
  b.searchParams.delete("after");
  return a.pathname === b.pathname && a.search === b.search;
}

/**
 * The views above the list: the built-in ones, then hers (links, so each opens with the
 * keyboard and can be opened in a tab), and saving the list she is looking at, or renaming and
 * deleting hers.
 */
export function SavedViews({
  views,
  current,
}: {
  views: readonly SavedView[];
  /** The list on screen: its path and the query of its filters. */
  current: string;
}) {
  const { t } = useTranslation();
  const builtIn = [
    { href: "/admin/cadastros?owner=me", name: t("admin.views.mine") },
    { href: "/admin/cadastros?referred=1", name: t("admin.views.referred") },
    {
      href: "/admin/pendentes?waiting=1&sort=oldest",
      name: t("admin.views.waiting", { count: WAITING_DAYS }),
    },
  ];
  const link = (view: { href: string; name: string }, mine: boolean) => {
    const here = sameView(view.href, current);
    return (
      <li key={view.href + view.name}>
        <Link
          to={view.href}
          aria-current={here ? "page" : undefined}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-semibold ring-1 ring-inset",
            here
              ? "bg-brand-700 text-white ring-brand-700"
              : "bg-white text-ink-800 ring-ink-200 hover:bg-sand-50",
          )}
        >
          {mine ? <Icon name="bookmark" className="size-3.5" /> : null}
          {view.name}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label={t("admin.views.title")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {builtIn.map((view) => link(view, false))}
        {views.map((view) => link(view, true))}
      </ul>
      <ManageViews views={views} current={current} />
    </nav>
  );
}

function ManageViews({ views, current }: { views: readonly SavedView[]; current: string }) {
  const { t } = useTranslation();
  const saver = useFetcher<TeamResult>();
  const nameId = useId();
  const saved = saver.state === "idle" ? saver.data : undefined;
  return (
    <details className="group mt-2" open={saved?.error ? true : undefined}>
      <summary className="inline-flex cursor-pointer items-center gap-1 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600">
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
        {t("admin.views.manage")}
      </summary>
      <div className="card mt-2 space-y-4 p-4">
        <saver.Form
          method="post"
          action="/admin/views"
          preventScrollReset
          className="flex flex-wrap items-end gap-2"
          // Emptied once saved, so the next name starts blank.
          key={saved?.ok ? views.length : "form"}
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="href" value={current} />
          <input type="hidden" name="return" value={current} />
          <div className="min-w-48 flex-1">
            <label htmlFor={nameId} className="text-xs font-semibold text-ink-600">
              {t("admin.views.name")}
            </label>
            <Input
              id={nameId}
              name="name"
              maxLength={60}
              required
              aria-invalid={saved?.error ? true : undefined}
              aria-describedby={saved?.error ? `${nameId}-error` : `${nameId}-hint`}
              className="mt-1 h-11 py-0 text-sm"
            />
          </div>
          <Button type="submit" size="sm" disabled={saver.state !== "idle"} className="mb-1">
            <Icon name="bookmark" className="size-4" />
            {t("admin.views.save")}
          </Button>
          <p id={`${nameId}-hint`} className="w-full text-xs text-ink-500">
            {t("admin.views.saveHint")}
          </p>
          {saved?.error ? (
            <p
              id={`${nameId}-error`}
              role="alert"
              className="w-full text-sm font-medium text-coral-700"
            >
              {t(saved.error)}
            </p>
          ) : null}
        </saver.Form>
        {views.length ? (
          <ul className="divide-y divide-ink-100" aria-label={t("admin.views.yours")}>
            {views.map((view) => (
              <ViewRow key={view.id} view={view} current={current} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-600">{t("admin.views.none")}</p>
        )}
      </div>
    </details>
  );
}

function ViewRow({ view, current }: { view: SavedView; current: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TeamResult>();
  const nameId = useId();
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <li className="py-2">
      <fetcher.Form method="post" action="/admin/views" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="id" value={view.id} />
        <input type="hidden" name="return" value={current} />
        <div className="min-w-40 flex-1">
          <label htmlFor={nameId} className="sr-only">
            {t("admin.views.renameLabel", { name: view.name })}
          </label>
          <Input
            id={nameId}
            name="name"
            defaultValue={view.name}
            key={view.name}
            maxLength={60}
            aria-invalid={error ? true : undefined}
            className="h-9 py-0 text-sm"
          />
        </div>
        <Button
          type="submit"
          name="intent"
          value="rename"
          size="sm"
          variant="secondary"
          disabled={fetcher.state !== "idle"}
        >
          {t("admin.views.rename")}
          <span className="sr-only">: {view.name}</span>
        </Button>
        <Button
          type="submit"
          name="intent"
          value="delete"
          size="sm"
          variant="ghost"
          disabled={fetcher.state !== "idle"}
        >
          <Icon name="trash" className="size-4" />
          {t("admin.views.delete")}
          <span className="sr-only">: {view.name}</span>
        </Button>
      </fetcher.Form>
      {error ? (
        <p role="alert" className="mt-1 text-sm font-medium text-coral-700">
          {t(error)}
        </p>
      ) : null}
    </li>
  );
}
