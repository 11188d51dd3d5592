import { useId } from "react";
import { Link, useFetcher, useLocation, useSearchParams } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Initials } from "#app/features/submissions/team-panel.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ManagerAnswer } from "./answer.server.ts";
import type { Manager } from "./assign.server.ts";
import { isManagerOutcome, managerOutcomes } from "./outcomes.ts";

/**
 * An approved application's talent manager on its page: who it is, "I'll be her manager", and
 * any approver or admin from a list. Small forms posted with a fetcher to
 * /admin/cadastros/:id/manager, or by the browser itself without JavaScript (it comes back here,
 * with the outcome in the address).
 */
export function ManagerPanel({
  id,
  manager,
  managers,
  viewerId,
}: {
  id: number;
  manager: Manager | null;
  managers: readonly Manager[];
  viewerId: string;
}) {
  const { t } = useTranslation();
  const me = useFetcher<ManagerAnswer>();
  const other = useFetcher<ManagerAnswer>();
  const location = useLocation();
  const [params] = useSearchParams();
  const selectId = useId();
  const back = `${location.pathname}${location.search}`;
  const answered = [me, other].find((f) => f.state === "idle" && f.data)?.data;
  const fromAddress = params.get("manager");
  const outcome = answered?.outcome ?? (isManagerOutcome(fromAddress) ? fromAddress : undefined);
  const refused = answered ? !answered.ok : outcome !== "assigned" && outcome !== "same";
  const busy = me.state !== "idle" || other.state !== "idle";
  const action = `/admin/cadastros/${id}/manager`;
  return (
    <Section
      id="manager"
      anchor="manager"
      title={t("manager.assign.title")}
      description={t("manager.assign.hint")}
    >
      <div className="mt-4 space-y-3 text-sm">
        <p className="flex items-center gap-2 text-ink-900">
          {manager ? (
            <>
              <Initials name={manager.name} />
              <span className="font-medium">{manager.name}</span>
            </>
          ) : (
            <span className="text-ink-600">{t("manager.assign.none")}</span>
          )}
        </p>
        {manager?.id !== viewerId ? (
          <me.Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="return" value={back} />
            <Button type="submit" name="manager" value="me" size="sm" disabled={busy}>
              <Icon name="user-check" className="size-4" />
              {t("manager.assign.assignMe")}
            </Button>
          </me.Form>
        ) : null}
        <other.Form
          method="post"
          action={action}
          preventScrollReset
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="return" value={back} />
          <div className="min-w-40 flex-1">
            <label htmlFor={selectId} className="text-xs font-semibold text-ink-600">
              {t("manager.assign.label")}
            </label>
            <Select
              id={selectId}
              name="manager"
              required
              defaultValue={manager?.id ?? ""}
              key={manager?.id ?? ""}
              className="mt-1"
            >
              <option value="" disabled>
                {t("manager.assign.choose")}
              </option>
              {managers.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" size="sm" variant="secondary" disabled={busy} className="mb-1">
            {t("manager.assign.assign")}
          </Button>
        </other.Form>
        <p
          role="status"
          aria-live="polite"
          className={
            refused ? "font-medium text-coral-700 empty:hidden" : "text-brand-900 empty:hidden"
          }
        >
          {outcome ? t(managerOutcomes[outcome]) : null}
        </p>
        {manager?.id === viewerId ? (
          <Link
            to="/admin/profile"
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
          >
            <Icon name="pencil" className="size-4" />
            {t("manager.assign.profileLink")}
          </Link>
        ) : null}
      </div>
    </Section>
  );
}
