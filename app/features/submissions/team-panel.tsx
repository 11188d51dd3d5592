import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { TagChip } from "./tag-chip.tsx";
import type { TeamResult } from "./team-answer.server.ts";
import type { ApplicationTeam, StaffMember, Tag } from "./team.server.ts";

/**
 * The application's team panel on its page: who owns it, its tags and the reviewer's own rating,
 * each a small form posted with a fetcher to /admin/cadastros/:id/team (or, without JavaScript,
 * by the browser, which comes back here).
 */
export function TeamPanel({
  id,
  team,
  staff,
  tags,
  viewerId,
  manageTags,
}: {
  id: number;
  team: ApplicationTeam;
  staff: readonly StaffMember[];
  tags: readonly Tag[];
  viewerId: string;
  /** An admin: a link to the tags' settings. */
  manageTags: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section id="team" anchor="team" title={t("admin.owner.panelTitle")}>
      <div className="mt-4 space-y-6 text-sm">
        <OwnerPart id={id} owner={team.owner} staff={staff} viewerId={viewerId} />
        <TagsPart id={id} current={team.tags} tags={tags} manage={manageTags} />
        <RatingPart id={id} rating={team.rating} />
      </div>
    </Section>
  );
}

function useTeamForm() {
  const fetcher = useFetcher<TeamResult>();
  const location = useLocation();
  const back = (
    <input type="hidden" name="return" value={`${location.pathname}${location.search}`} />
  );
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return { fetcher, back, error, busy: fetcher.state !== "idle" };
}

function Problem({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="text-sm font-medium text-coral-700 empty:hidden">
      {error ? t(error) : null}
    </p>
  );
}

const teamAction = (id: number) => `/admin/cadastros/${id}/team`;

const partTitle = "font-sans text-xs font-semibold tracking-wide text-ink-600 uppercase";

function OwnerPart({
  id,
  owner,
  staff,
  viewerId,
}: {
  id: number;
  owner: ApplicationTeam["owner"];
  staff: readonly StaffMember[];
  viewerId: string;
}) {
  const { t } = useTranslation();
  const { fetcher, back, error, busy } = useTeamForm();
  const selectId = useId();
  return (
    <div className="space-y-2">
      <h3 className={partTitle}>{t("admin.owner.title")}</h3>
      <p className="flex items-center gap-2 text-ink-900">
        {owner ? (
          <>
            <Initials name={owner.name} />
            <span className="font-medium">{owner.name}</span>
          </>
        ) : (
          <span className="text-ink-600">{t("admin.owner.none")}</span>
        )}
      </p>
      <fetcher.Form method="post" action={teamAction(id)} preventScrollReset className="space-y-2">
        <input type="hidden" name="intent" value="assign" />
        {back}
        <div className="flex flex-wrap gap-2">
          {owner?.id !== viewerId ? (
            <Button type="submit" name="owner" value="me" size="sm" disabled={busy}>
              <Icon name="user-check" className="size-4" />
              {t("admin.owner.assignMe")}
            </Button>
          ) : null}
          {owner ? (
            <Button
              type="submit"
              name="owner"
              value=""
              size="sm"
              variant="secondary"
              disabled={busy}
            >
              {t("admin.owner.unassign")}
            </Button>
          ) : null}
        </div>
      </fetcher.Form>
      <fetcher.Form
        method="post"
        action={teamAction(id)}
        preventScrollReset
        className="flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="intent" value="assign" />
        {back}
        <div className="min-w-40 flex-1">
          <label htmlFor={selectId} className="text-xs font-semibold text-ink-600">
            {t("admin.owner.assignTo")}
          </label>
          <Select
            id={selectId}
            name="owner"
            defaultValue={owner?.id ?? ""}
            key={owner?.id ?? ""}
            className="mt-1"
          >
            <option value="">{t("admin.owner.nobody")}</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" size="sm" variant="secondary" disabled={busy} className="mb-1">
          {t("admin.owner.assign")}
        </Button>
      </fetcher.Form>
      <Problem error={error} />
    </div>
  );
}

/** Her initials in a circle, for the eye; the name beside it or in the sr-only text says who. */
export function Initials({ name, className }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-[0.6875rem] font-bold text-white",
        className,
      )}
    >
      {initials || "?"}
    </span>
  );
}

function TagsPart({
  id,
  current,
  tags,
  manage,
}: {
  id: number;
  current: readonly Tag[];
  tags: readonly Tag[];
  manage: boolean;
}) {
  const { t } = useTranslation();
  const remover = useTeamForm();
  const adder = useTeamForm();
  const selectId = useId();
  const others = tags.filter((tag) => !current.some((c) => c.id === tag.id));
  return (
    <div className="space-y-2">
      <h3 className={partTitle}>{t("admin.tags.title")}</h3>
      {current.length ? (
        <remover.fetcher.Form method="post" action={teamAction(id)} preventScrollReset>
          <input type="hidden" name="intent" value="untag" />
          {remover.back}
          <ul className="flex flex-wrap gap-1.5" aria-label={t("admin.tags.onApplication")}>
            {current.map((tag) => (
              <li key={tag.id}>
                <TagChip tag={tag} className="py-1 pe-1">
                  <button
                    type="submit"
                    name="tag"
                    value={tag.id}
                    disabled={remover.busy}
                    aria-label={t("admin.tags.remove", { name: tag.name })}
                    className="inline-flex size-5 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <Icon name="x" className="size-3.5" />
                  </button>
                </TagChip>
              </li>
            ))}
          </ul>
        </remover.fetcher.Form>
      ) : (
        <p className="text-ink-600">{t("admin.tags.noneOnApplication")}</p>
      )}
      <Problem error={remover.error} />
      {others.length ? (
        <adder.fetcher.Form
          method="post"
          action={teamAction(id)}
          preventScrollReset
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="intent" value="tag" />
          {adder.back}
          <div className="min-w-40 flex-1">
            <label htmlFor={selectId} className="text-xs font-semibold text-ink-600">
              {t("admin.tags.addLabel")}
            </label>
            <Select id={selectId} name="tag" className="mt-1">
              {others.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </Select>
          </div>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={adder.busy}
            className="mb-1"
          >
            <Icon name="tag" className="size-4" />
            {t("admin.tags.add")}
          </Button>
        </adder.fetcher.Form>
      ) : tags.length === 0 ? (
        <p className="text-ink-600">{t("admin.tags.noTags")}</p>
      ) : null}
      <Problem error={adder.error} />
      {manage ? (
        <p>
          <Link to="/admin/tags" className="font-semibold text-brand-700 hover:text-brand-900">
            {t("admin.tags.manage")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

/** Her 1-5 as a radio group drawn as stars, each with its words for screen readers. */
function RatingPart({ id, rating }: { id: number; rating: ApplicationTeam["rating"] }) {
  const { t, i18n } = useTranslation();
  const saver = useTeamForm();
  const remover = useTeamForm();
  const [chosen, setChosen] = useState(rating.mine);
  // Saved elsewhere, or taken away: the stars follow what is stored.
  useEffect(() => setChosen(rating.mine), [rating.mine]);
  const average =
    rating.average === null
      ? null
      : new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1 }).format(rating.average);
  return (
    <div className="space-y-2">
      <saver.fetcher.Form
        method="post"
        action={teamAction(id)}
        preventScrollReset
        className="space-y-2"
      >
        <input type="hidden" name="intent" value="rate" />
        {saver.back}
        <fieldset>
          <legend className={partTitle}>{t("admin.rating.yours")}</legend>
          <div className="mt-2 flex flex-wrap items-center gap-0.5">
            {STARS.map((stars) => (
              <label key={stars} className="cursor-pointer">
                <input
                  type="radio"
                  name="stars"
                  value={stars}
                  checked={chosen === stars}
                  onChange={() => setChosen(stars)}
                  className="peer sr-only"
                />
                <span className="sr-only">{t("admin.rating.stars", { count: stars })}</span>
                <Icon
                  name={chosen !== null && stars <= chosen ? "star-filled" : "star"}
                  className="size-8 rounded-md p-1 text-coral-700 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600"
                />
              </label>
            ))}
            <span className="ms-2 text-ink-700" aria-hidden="true">
              {chosen ? t("admin.rating.yourValue", { count: chosen }) : t("admin.rating.notYet")}
            </span>
          </div>
        </fieldset>
        <Button type="submit" size="sm" variant="secondary" disabled={saver.busy || !chosen}>
          <Icon name="star" className="size-4" />
          {t("admin.rating.save")}
        </Button>
      </saver.fetcher.Form>
      <Problem error={saver.error} />
      {rating.mine !== null ? (
        <remover.fetcher.Form method="post" action={teamAction(id)} preventScrollReset>
          <input type="hidden" name="intent" value="rate" />
          <input type="hidden" name="stars" value="" />
          {remover.back}
          <Button type="submit" size="sm" variant="ghost" disabled={remover.busy}>
            {t("admin.rating.remove")}
          </Button>
        </remover.fetcher.Form>
      ) : null}
      <p className="text-ink-600">
        {average === null
          ? t("admin.rating.none")
          : t("admin.rating.average", { average, count: rating.count })}
      </p>
    </div>
  );
}
