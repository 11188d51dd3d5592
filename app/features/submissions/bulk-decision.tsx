import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Textarea } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import "#app/components/ui/kit.css";

/**
 * Approve or reject the ticked applications at once, with one note for all. The boxes are in
 * the table above (`form="bulk"`), so this form needs no copy of the rows.
 */
export function BulkDecision({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      id="bulk"
      className="card mt-4 grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_auto]"
    >
      <fieldset className="contents">
        <legend className="text-sm font-semibold text-ink-900 md:col-span-2">
          {t("admin.bulk.title")}
        </legend>
        <div>
          <label htmlFor="bulk-note" className="text-xs font-semibold text-ink-600">
            {t("admin.detail.note")}
          </label>
          <Textarea
            id="bulk-note"
            name="note"
            maxLength={2000}
            aria-describedby="bulk-note-hint"
            className="mt-1 min-h-20 text-sm"
          />
          <p id="bulk-note-hint" className="mt-1 text-xs text-ink-500">
            {t("admin.bulk.hint")}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2 md:flex-col md:items-stretch md:justify-end">
          <Button type="submit" name="to" value="Aprovado" disabled={busy}>
            <Icon name="thumbs-up" />
            {t("admin.bulk.approve")}
          </Button>
          <Button type="submit" name="to" value="Reprovado" variant="secondary" disabled={busy}>
            <Icon name="thumbs-down" />
            {t("admin.bulk.reject")}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
