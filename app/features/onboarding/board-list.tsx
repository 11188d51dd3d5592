import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { BoardRow } from "./board.server.ts";
import { DueLabel } from "./due-label.tsx";
import { useStepTitle } from "./onboarding-panel.tsx";

type Row = Omit<BoardRow, "approvedAt"> & { approvedAt: string | null };

const stateMark = {
  done: { icon: "check", className: "bg-brand-700 text-white ring-brand-700" },
  skipped: { icon: "skip-forward", className: "bg-sand-100 text-ink-600 ring-ink-300" },
  todo: { icon: "circle", className: "bg-white text-ink-400 ring-ink-300" },
} as const;

/**
 * The onboarding view's rows: her name (the row's link, where j and k put the focus), her
 * manager, each step as a mark (its state said in words to screen readers, in its title on
 * hover), and the step she waits on with its owner, due day and a Done button.
 */
export function BoardList({ rows, today }: { rows: readonly Row[]; today: string }) {
  return (
    <ul className="onboarding-board mt-4 divide-y divide-ink-100 rounded-2xl bg-white ring-1 ring-ink-200/70">
      {rows.map((row) => (
        <BoardItem key={row.id} row={row} today={today} />
      ))}
    </ul>
  );
}

function BoardItem({ row, today }: { row: Row; today: string }) {
  const { t } = useTranslation();
  const titleOf = useStepTitle();
  const location = useLocation();
  const fetcher = useFetcher<{ error: string; state?: string }>({
    key: `onboarding-done-${row.id}`,
  });
  const current = row.steps.find((step) => step.stepId === row.currentStepId)!;
  const closed = row.steps.filter((step) => step.state !== "todo").length;
  const name = row.fullName || t("admin.privacy.erasedName");
  return (
    <li className="grid gap-3 px-5 py-4 focus-within:bg-brand-50/50 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] md:items-center">
      <div className="min-w-0">
        <Link
          to={`/admin/cadastros/${row.id}#onboarding`}
          className="row-link block truncate font-semibold text-ink-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {name}
        </Link>
        <p className="mt-0.5 text-xs text-ink-600">
          {row.manager
            ? t("onboarding.board.manager", { name: row.manager })
            : t("onboarding.board.noManager")}
        </p>
      </div>
      <div className="min-w-0 space-y-1.5">
        <ol
          className="flex flex-wrap items-center gap-1"
          aria-label={t("onboarding.board.progress", { closed, total: row.steps.length })}
        >
          {row.steps.map((step) => {
            const mark = stateMark[step.state];
            const label = `${titleOf(step.titles)}: ${t(`onboarding.state.${step.state}`)}`;
            return (
              <li
                key={step.stepId}
                title={label}
                className={`inline-flex size-6 items-center justify-center rounded-full ring-1 ${mark.className} ${step.stepId === row.currentStepId ? "outline-2 outline-offset-1 outline-brand-600" : ""} ${step.overdue ? "ring-coral-600" : ""}`}
              >
                <Icon name={mark.icon} className="size-3.5" />
                <span className="sr-only">{label}</span>
              </li>
            );
          })}
          <li className="ms-1 text-xs text-ink-600" aria-hidden="true">
            {closed}/{row.steps.length}
          </li>
        </ol>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium text-ink-900">
            {t("onboarding.board.waitingOn", { step: titleOf(current.titles) })}
          </span>
          <span className="text-ink-600">· {current.owner ?? t("onboarding.panel.nobody")}</span>
          <DueLabel dueOn={current.dueOn} today={today} open />
        </p>
        {fetcher.data?.error ? (
          <p role="alert" className="text-sm font-medium text-coral-700">
            {t(fetcher.data.error, {
              state: fetcher.data.state ? t(`onboarding.state.${fetcher.data.state}`) : "",
            })}
          </p>
        ) : null}
      </div>
      <fetcher.Form
        method="post"
        action={`/admin/cadastros/${row.id}/onboarding`}
        className="row-done"
      >
        <input type="hidden" name="step" value={current.stepId} />
        <input type="hidden" name="seen" value="todo" />
        <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
        <input type="hidden" name="intent" value="done" />
        <Button
          aria-label={`${t("onboarding.board.markDone")}: ${titleOf(current.titles)}, ${name}`}
          type="submit"
          size="sm"
          variant="secondary"
          disabled={fetcher.state !== "idle"}
        >
          <Icon name="check" className="size-4" />
          {t("onboarding.board.markDone")}
        </Button>
      </fetcher.Form>
    </li>
  );
}
