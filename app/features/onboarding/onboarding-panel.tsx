import { useState } from "react";
import { Form } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Input, Select, Textarea } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { MentionTextarea } from "#app/features/submissions/mention-textarea.tsx";
import type { Mentionable } from "#app/features/submissions/notes.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { DueLabel } from "./due-label.tsx";
import { formatDay, formatMoment } from "./format.ts";
import { SKIP_REASON_MAX } from "./limits.ts";
import type { ApplicationOnboarding } from "./panel.server.ts";

type Dates<T> = {
  [K in keyof T]: T[K] extends Date
    ? string | Date
    : T[K] extends Date | null
      ? string | Date | null
      : T[K];
};
type Step = Omit<Dates<ApplicationOnboarding["steps"][number]>, "notes"> & {
  notes: Dates<ApplicationOnboarding["steps"][number]["notes"][number]>[];
};
type Event = Dates<ApplicationOnboarding["events"][number]>;

const stateTone: Record<string, BadgeTone> = {
  todo: "neutral",
  done: "positive",
  skipped: "neutral",
};
const small = "text-xs font-semibold text-ink-600";
// A part of a step folded away until asked for, so the panel reads as a list of steps.
const more =
  "w-fit cursor-pointer text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline";

/** The step's title in the reader's language (the agency's default language otherwise). */
export function useStepTitle() {
  const { i18n } = useTranslation();
  return (titles: Record<string, string>) =>
    titles[i18n.language] || titles.pt || Object.values(titles).find(Boolean) || "";
}

/**
 * An approved application's onboarding, on her page: each step with its state, owner and due
 * day, the forms that change them (plain forms posted to /admin/cadastros/:id/onboarding, so
 * they work without JavaScript), its private notes, and the onboarding's history. Read-only once
 * she is no longer approved.
 */
export function OnboardingPanel({
  applicationId,
  onboarding,
}: {
  applicationId: number;
  /** None when she has no onboarding (never approved, or the approval undone). */
  onboarding:
    | (Dates<Omit<ApplicationOnboarding, "steps" | "events">> & {
        steps: Step[];
        events: Event[];
        /** Brasília's calendar day, as due days are counted. */
        today: string;
        /** Back from a change that was saved. */
        saved: boolean;
        staff: readonly { id: string; name: string }[];
        people: readonly Mentionable[];
      })
    | null;
}) {
  const { t, i18n } = useTranslation();
  const titleOf = useStepTitle();
  if (!onboarding) return null;
  const { today, saved, staff, people } = onboarding;
  const closed = onboarding.steps.filter((step) => step.state !== "todo").length;
  const action = `/admin/cadastros/${applicationId}/onboarding`;
  return (
    <Section
      id="onboarding-panel"
      anchor="onboarding"
      title={t("onboarding.panel.title")}
      description={t("onboarding.panel.progress", { closed, total: onboarding.steps.length })}
    >
      {saved ? (
        <p role="status" className="mt-3 text-sm font-medium text-brand-800">
          {t("onboarding.panel.saved")}
        </p>
      ) : null}
      {onboarding.activeSince ? (
        <p className="mt-3 flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200">
          <Icon name="badge-check" className="size-4" />
          {t("onboarding.panel.active", {
            date: formatMoment(onboarding.activeSince, i18n.language),
          })}
        </p>
      ) : null}
      {!onboarding.editable ? (
        <p className="mt-3 text-sm text-ink-600">{t("onboarding.panel.readOnly")}</p>
      ) : null}
      <ol className="mt-4 divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200/70">
        {onboarding.steps.map((step, index) => (
          <StepItem
            key={step.stepId}
            step={step}
            number={index + 1}
            title={titleOf(step.titles)}
            action={action}
            staff={staff}
            people={people}
            today={today}
            editable={onboarding.editable}
          />
        ))}
      </ol>
      <OnboardingHistory events={onboarding.events} activeSince={onboarding.activeSince} />
    </Section>
  );
}

function StepItem({
  step,
  number,
  title,
  action,
  staff,
  people,
  today,
  editable,
}: {
  step: Step;
  number: number;
  title: string;
  action: string;
  staff: readonly { id: string; name: string }[];
  people: readonly Mentionable[];
  today: string;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = `step-${step.stepId}`;
  const open = step.state === "todo";
  return (
    <li id={id} className="space-y-3 p-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={`${id}-title`} className="font-semibold text-ink-900">
          <span className="text-ink-500">{number}.</span> {title}
        </h3>
        <Badge tone={stateTone[step.state] ?? "neutral"} value={step.state}>
          {t(`onboarding.state.${step.state}`)}
        </Badge>
        <DueLabel dueOn={step.dueOn} today={today} open={open} />
      </div>
      <p className="text-sm text-ink-700">
        {t("onboarding.panel.ownedBy", { name: step.owner ?? t("onboarding.panel.nobody") })}
        {!open && step.closedAt
          ? ` · ${t(`onboarding.panel.closed.${step.state}`, {
              name: step.closedBy ?? t("onboarding.panel.theProduct"),
              date: formatMoment(step.closedAt, i18n.language),
            })}`
          : null}
      </p>
      {step.state === "skipped" && step.skipReason ? (
        <p className="text-sm text-ink-700">
          {t("onboarding.panel.skipReason", { reason: step.skipReason })}
        </p>
      ) : null}

      {editable ? <StepActions step={step} title={title} action={action} /> : null}
      {editable ? (
        <details className="group/more">
          <summary className={more}>{t("onboarding.panel.change")}</summary>
          <StepSettings step={step} action={action} staff={staff} />
        </details>
      ) : null}
      {/* A new note starts an empty box: the form is made anew once it is saved. */}
      <StepNotes
        key={step.notes.length}
        step={step}
        title={title}
        action={action}
        people={people}
        editable={editable}
      />
    </li>
  );
}

type StepProps = { step: Step; action: string };

/** Done, or skipped with a reason, while it is to do; reopened once closed. */
function StepActions({ step, title, action }: StepProps & { title: string }) {
  const { t } = useTranslation();
  const id = `step-${step.stepId}`;
  const open = step.state === "todo";
  return (
    <div className="flex flex-wrap items-start gap-2">
      {open ? (
        <>
          <Form method="post" action={action}>
            <input type="hidden" name="step" value={step.stepId} />
            <input type="hidden" name="seen" value={step.state} />
            <input type="hidden" name="intent" value="done" />
            <Button aria-label={`${t("onboarding.panel.done")}: ${title}`} type="submit" size="sm">
              <Icon name="check" className="size-4" />
              {t("onboarding.panel.done")}
            </Button>
          </Form>
          <details className="group">
            <summary
              aria-label={`${t("onboarding.panel.skip")}: ${title}`}
              className="btn btn-secondary btn-sm cursor-pointer list-none"
            >
              <Icon name="skip-forward" className="size-4" />
              {t("onboarding.panel.skip")}
            </summary>
            <Form method="post" action={action} className="mt-2 w-72 max-w-full space-y-2">
              <input type="hidden" name="step" value={step.stepId} />
              <input type="hidden" name="seen" value={step.state} />
              <label htmlFor={`${id}-reason`} className={small}>
                {t("onboarding.panel.reasonLabel")}
              </label>
              <Textarea
                id={`${id}-reason`}
                name="reason"
                required
                maxLength={SKIP_REASON_MAX}
                className="min-h-20 text-sm"
              />
              <input type="hidden" name="intent" value="skip" />
              <Button type="submit" size="sm" variant="secondary">
                {t("onboarding.panel.skipConfirm")}
              </Button>
            </Form>
          </details>
        </>
      ) : (
        <Form method="post" action={action}>
          <input type="hidden" name="step" value={step.stepId} />
          <input type="hidden" name="seen" value={step.state} />
          <input type="hidden" name="intent" value="reopen" />
          <Button
            aria-label={`${t("onboarding.panel.reopen")}: ${title}`}
            type="submit"
            size="sm"
            variant="secondary"
          >
            <Icon name="rotate-ccw" className="size-4" />
            {t("onboarding.panel.reopen")}
          </Button>
        </Form>
      )}
    </div>
  );
}

/** Who owns it and the day it is due. */
function StepSettings({
  step,
  action,
  staff,
}: StepProps & { staff: readonly { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const id = `step-${step.stepId}`;
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="step" value={step.stepId} />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-owner`} className={small}>
            {t("onboarding.panel.owner")}
          </label>
          <Select
            id={`${id}-owner`}
            name="owner"
            defaultValue={step.ownerId ?? ""}
            className="mt-1"
          >
            <option value="">{t("onboarding.panel.nobody")}</option>
            {staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </div>
        <input type="hidden" name="intent" value="owner" />
        <Button type="submit" size="sm" variant="secondary" className="mb-1">
          {t("onboarding.panel.saveOwner")}
        </Button>
      </Form>
      <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="step" value={step.stepId} />
        <div className="min-w-40 flex-1">
          <label htmlFor={`${id}-due`} className={small}>
            {t("onboarding.panel.dueOn")}
          </label>
          <Input
            id={`${id}-due`}
            type="date"
            name="dueOn"
            required
            defaultValue={step.dueOn}
            className="mt-1 h-11 py-2 text-sm"
          />
        </div>
        <input type="hidden" name="intent" value="due" />
        <Button type="submit" size="sm" variant="secondary" className="mb-1">
          {t("onboarding.panel.saveDue")}
        </Button>
      </Form>
    </div>
  );
}

/** The team's private notes on the step (mentions alert as on the application's notes). */
function StepNotes({
  step,
  title,
  action,
  people,
  editable,
}: StepProps & { title: string; people: readonly Mentionable[]; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const [note, setNote] = useState("");
  const id = `step-${step.stepId}`;
  if (!editable && step.notes.length === 0) return null;
  const form = editable ? (
    <Form method="post" action={action} className="mt-2 space-y-2">
      <input type="hidden" name="step" value={step.stepId} />
      <label htmlFor={`${id}-note`} className={small}>
        {t("onboarding.panel.noteLabel", { step: title })}
      </label>
      <MentionTextarea
        id={`${id}-note`}
        name="body"
        people={people}
        value={note}
        onValueChange={setNote}
        required
        className="min-h-20 text-sm"
      />
      <input type="hidden" name="intent" value="note" />
      <Button type="submit" size="sm" variant="secondary">
        {t("onboarding.panel.saveNote")}
      </Button>
    </Form>
  ) : null;
  if (step.notes.length === 0) {
    return (
      <details>
        <summary className={`${more} flex items-center gap-1.5`}>
          <Icon name="lock-keyhole" className="size-3.5" />
          {t("onboarding.panel.addNote")}
        </summary>
        <div className="mt-2 rounded-xl bg-sand-50 p-3 ring-1 ring-sand-200">{form}</div>
      </details>
    );
  }
  return (
    <div className="rounded-xl bg-sand-50 p-3 ring-1 ring-sand-200">
      <h4 className="flex items-center gap-1.5 text-xs font-semibold text-ink-700">
        <Icon name="lock-keyhole" className="size-3.5" />
        {t("onboarding.panel.notes", { count: step.notes.length })}
      </h4>
      {step.notes.length ? (
        <ul className="mt-2 space-y-2">
          {step.notes.map((entry) => (
            <li key={entry.id} className="text-sm">
              <p className="text-xs text-ink-600">
                {entry.author ?? t("onboarding.panel.formerStaff")} ·{" "}
                {formatMoment(entry.createdAt, i18n.language)}
              </p>
              <p className="[overflow-wrap:anywhere] whitespace-pre-wrap text-ink-800">
                {entry.body}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {form}
    </div>
  );
}

/** Who did what to which step, and when she became active: the onboarding's part of her history. */
function OnboardingHistory({
  events,
  activeSince,
}: {
  events: readonly Event[];
  activeSince: string | Date | null;
}) {
  const { t, i18n } = useTranslation();
  const titleOf = useStepTitle();
  if (events.length === 0 && !activeSince) return null;
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-ink-900">{t("onboarding.panel.history")}</h3>
      <ol className="mt-2 space-y-2 border-s-2 border-ink-100 ps-4 text-sm">
        {events.map((event) => (
          <li key={event.id}>
            <p className="text-ink-800">
              {t(
                event.action === "owner" && !event.detail
                  ? "onboarding.event.ownerNobody"
                  : event.action === "due"
                    ? "onboarding.event.due"
                    : `onboarding.event.${event.action}`,
                {
                  step: titleOf(event.titles),
                  detail:
                    event.action === "due" && event.detail
                      ? formatDay(event.detail, i18n.language)
                      : (event.detail ?? ""),
                },
              )}
            </p>
            <p className="text-xs text-ink-600">
              {event.actor ?? t("onboarding.panel.theProduct")} ·{" "}
              {formatMoment(event.createdAt, i18n.language)}
            </p>
          </li>
        ))}
        {activeSince ? (
          <li>
            <p className="font-semibold text-brand-800">{t("onboarding.event.active")}</p>
            <p className="text-xs text-ink-600">{formatMoment(activeSince, i18n.language)}</p>
          </li>
        ) : null}
      </ol>
    </div>
  );
}
