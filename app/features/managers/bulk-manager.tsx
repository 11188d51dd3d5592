import { useEffect, useId, useState, type FormEvent } from "react";
import { Form, useFetcher, useLocation, useSearchParams } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { SelectAll } from "#app/features/submissions/bulk-decision.tsx";
import { useTranslation, type Translate } from "#app/i18n/translation.tsx";
import type { ManagerAnswer } from "./answer.server.ts";
import type { Manager } from "./assign.server.ts";
import {
  BULK_MAX,
  isManagerOutcome,
  managerOutcomes,
  readBulkCounts,
  type BulkCounts,
} from "./outcomes.ts";

/**
 * The approved list's bulk bar: one talent manager for the ticked rows. It is the list's bulk
 * form (`#bulk`, whose boxes are ticked in the table; the list of approved applications has no
 * decision bar), posted to /admin/bulk-manager by the browser itself without JavaScript, by a
 * fetcher with it (the list reloads in place).
 */
export function BulkManager({ managers }: { managers: readonly Manager[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ManagerAnswer>();
  const location = useLocation();
  const [params] = useSearchParams();
  const selectId = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void fetcher.submit(new FormData(event.currentTarget, submitter), {
      method: "post",
      action: "/admin/bulk-manager",
      preventScrollReset: true,
    });
  };
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  const fromAddress = params.get("manager");
  const outcome = answered?.outcome ?? (isManagerOutcome(fromAddress) ? fromAddress : undefined);
  const counts = answered ? answered.counts : readBulkCounts(params.get("managed"));
  return (
    <Form
      method="post"
      id="bulk"
      action="/admin/bulk-manager"
      onSubmit={send}
      aria-labelledby={`${selectId}-title`}
      className="card sticky bottom-0 z-20 mt-4 flex flex-wrap items-end gap-3 p-4 shadow-lg"
    >
      <div className="flex w-full flex-wrap items-center justify-between gap-2">
        <h2 id={`${selectId}-title`} className="text-sm font-semibold text-ink-900">
          {t("manager.bulk.title")}
        </h2>
        <SelectAll hydrated={hydrated} />
      </div>
      <input type="hidden" name="return" value={`${location.pathname}${location.search}`} />
      <div className="min-w-48 flex-1">
        <label htmlFor={selectId} className="text-xs font-semibold text-ink-600">
          {t("manager.assign.label")}
        </label>
        <Select id={selectId} name="manager" required defaultValue="" className="mt-1">
          <option value="" disabled>
            {t("manager.assign.choose")}
          </option>
          {managers.map((manager) => (
            <option key={manager.id} value={manager.id}>
              {manager.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" disabled={fetcher.state !== "idle"} className="mb-0.5">
        <Icon name="user-check" />
        {t("manager.bulk.assign")}
      </Button>
      <div role="status" aria-live="polite" className="w-full text-sm empty:hidden">
        {outcome === "bulk" && counts ? (
          <p className="text-brand-900">{bulkSentence(t, counts)}</p>
        ) : outcome ? (
          <p className="font-medium text-coral-700">
            {t(managerOutcomes[outcome], { max: BULK_MAX })}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

function bulkSentence(t: Translate, counts: BulkCounts) {
  return [
    t("manager.bulk.done", { count: counts.changed }),
    counts.unchanged ? t("manager.bulk.unchanged", { count: counts.unchanged }) : "",
    counts.skipped ? t("manager.bulk.skipped", { count: counts.skipped }) : "",
  ]
    .filter(Boolean)
    .join(" ");
}
