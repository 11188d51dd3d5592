import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Select, Textarea } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import "#app/components/ui/kit.css";

/** The ticked rows' boxes: in the table above, tied to this form by `form="bulk"`. */
const rowBoxes = () =>
  typeof document === "undefined"
    ? []
    : [...document.querySelectorAll<HTMLInputElement>('input[form="bulk"][name="id"]')];

/**
 * The boxes of the page, ticked and all, as she changes them: by a click, the keyboard's list
 * shortcuts or the select-all box (each fires a change event that bubbles to the document).
 */
function useTicked() {
  const [ticked, setTicked] = useState({ checked: 0, total: 0 });
  useEffect(() => {
    const count = () => {
      const boxes = rowBoxes();
      const checked = boxes.filter((box) => box.checked).length;
      setTicked((old) =>
        old.checked === checked && old.total === boxes.length
          ? old
          : { checked, total: boxes.length },
      );
    };
    count();
    document.addEventListener("change", count);
    return () => document.removeEventListener("change", count);
  });
  return ticked;
}

/**
 * Ticks or clears every application of the page at once (in the table's heading): ticked when
 * all are, "mixed" when some are. Only with JavaScript; without it each row's box still works.
 */
export function SelectAllBox() {
  const { t } = useTranslation();
  const { checked, total } = useTicked();
  const box = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (box.current) box.current.indeterminate = checked > 0 && checked < total;
  }, [checked, total]);
  if (!hydrated || total === 0) return <span className="sr-only">{t("admin.bulk.select")}</span>;
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={t("admin.bulk.selectAll")}
      checked={checked > 0 && checked === total}
      onChange={(event) => {
        for (const row of rowBoxes()) row.checked = event.target.checked;
        event.target.dispatchEvent(new Event("change", { bubbles: true }));
      }}
    />
  );
}

/**
 * Approve or reject the ticked applications at once, with one note for all and, to reject, one
 * reason (required while the agency has reasons, as the server checks). The bar sticks to the
 * bottom of the screen, so it is at hand from any of the fifty rows. With JavaScript a dialog
 * names the count before anything is sent; the note is cleared once the decision went through.
 * The controls sit in one row (`bulk-controls`), open to one more (a bulk tag).
 */
export function BulkDecision({
  busy,
  reasons,
  decided,
}: {
  busy: boolean;
  reasons: readonly { id: number; label: string }[];
  /** The last decision that went through (a new object each time): clears the note. */
  decided?: object | null;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const { checked } = useTicked();
  const [asking, setAsking] = useState<{
    to: "Aprovado" | "Reprovado";
    count: number;
    button: HTMLButtonElement;
  } | null>(null);
  const confirmed = useRef(false);
  const confirm = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (decided) form.current?.reset();
  }, [decided]);

  return (
    <Form
      ref={form}
      method="post"
      id="bulk"
      aria-labelledby="bulk-title"
      className="card sticky bottom-0 z-20 mt-4 grid gap-3 p-4 shadow-lg md:grid-cols-[minmax(0,1fr)_auto]"
      onSubmit={(event) => {
        if (confirmed.current) {
          confirmed.current = false;
          return;
        }
        const button = (event.nativeEvent as SubmitEvent).submitter;
        if (!(button instanceof HTMLButtonElement)) return;
        const to = button.value;
        const count = rowBoxes().filter((box) => box.checked).length;
        const reason = new FormData(event.currentTarget).get("reason");
        // Nothing ticked, or a rejection without its reason: the server says what is missing.
        if (count === 0 || (to === "Reprovado" && reasons.length > 0 && !reason)) return;
        if (to !== "Aprovado" && to !== "Reprovado") return;
        event.preventDefault();
        setAsking({ to, count, button });
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 md:col-span-2">
        <h2 id="bulk-title" className="text-sm font-semibold text-ink-900">
          {t("admin.bulk.title")}
        </h2>
        <p aria-live="polite" className="text-sm font-medium text-brand-800">
          {checked > 0 ? t("admin.bulk.selected", { count: checked }) : ""}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {reasons.length > 0 ? (
          <div>
            <label htmlFor="bulk-reason" className="text-xs font-semibold text-ink-600">
              {t("admin.bulk.reason")}
            </label>
            <Select
              id="bulk-reason"
              name="reason"
              defaultValue=""
              aria-describedby="bulk-reason-hint"
              className="mt-1 text-sm"
            >
              <option value="">{t("admin.bulk.noReason")}</option>
              {reasons.map((reason) => (
                <option key={reason.id} value={reason.id}>
                  {reason.label}
                </option>
              ))}
            </Select>
            <p id="bulk-reason-hint" className="mt-1 text-xs text-ink-500">
              {t("admin.bulk.reasonHint")}
            </p>
          </div>
        ) : null}
        <div className={reasons.length > 0 ? undefined : "sm:col-span-2"}>
          <label htmlFor="bulk-note" className="text-xs font-semibold text-ink-600">
            {t("admin.detail.note")}
          </label>
          <Textarea
            id="bulk-note"
            name="note"
            maxLength={2000}
            aria-describedby="bulk-note-hint"
            className="mt-1 min-h-11 text-sm"
            rows={1}
          />
          <p id="bulk-note-hint" className="mt-1 text-xs text-ink-500">
            {t("admin.bulk.hint")}
          </p>
        </div>
      </div>
      <div
        data-bulk-controls=""
        className="flex flex-wrap items-end gap-2 md:flex-col md:items-stretch md:justify-end"
      >
        <Button type="submit" name="to" value="Aprovado" disabled={busy}>
          <Icon name="thumbs-up" />
          {t("admin.bulk.approve")}
        </Button>
        <Button type="submit" name="to" value="Reprovado" variant="secondary" disabled={busy}>
          <Icon name="thumbs-down" />
          {t("admin.bulk.reject")}
        </Button>
      </div>
      {asking ? (
        <ModalDialog
          id="bulk-confirm"
          title={t(`admin.bulk.confirm.${asking.to}`, { count: asking.count })}
          description={t("admin.bulk.confirm.text")}
          closeLabel={t("admin.bulk.confirm.cancel")}
          onClose={() => setAsking(null)}
          initialFocus={confirm}
        >
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setAsking(null)}>
              {t("admin.bulk.confirm.cancel")}
            </Button>
            <Button
              ref={confirm}
              type="button"
              onClick={() => {
                const { button } = asking;
                setAsking(null);
                confirmed.current = true;
                form.current?.requestSubmit(button);
              }}
            >
              {t(`admin.bulk.confirm.go.${asking.to}`, { count: asking.count })}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </Form>
  );
}
