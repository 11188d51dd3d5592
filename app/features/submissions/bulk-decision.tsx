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
 * Ticks or clears every application of the page at once, with the count ticked: ticked when all
 * are, "mixed" when some are. In the bar rather than the table's heading, which phones show
 * to screen readers only. Only with JavaScript; without it each row's box still works.
 */
export function SelectAll({ hydrated }: { hydrated: boolean }) {
  const { t } = useTranslation();
  const { checked, total } = useTicked();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = checked > 0 && checked < total;
  }, [checked, total]);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      {hydrated && total > 0 ? (
        <label className="inline-flex items-center gap-2 text-sm text-ink-800">
          <input
            ref={box}
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={checked > 0 && checked === total}
            onChange={(event) => {
              for (const row of rowBoxes()) row.checked = event.target.checked;
              event.target.dispatchEvent(new Event("change", { bubbles: true }));
            }}
          />
          {t("admin.bulk.selectAll")}
        </label>
      ) : null}
      <p aria-live="polite" className="text-sm font-semibold text-brand-800">
        {checked > 0 ? t("admin.bulk.selected", { count: checked }) : ""}
      </p>
    </div>
  );
}

interface Asking {
  to: "Aprovado" | "Reprovado";
  count: number;
  /** The rejection reason's label, named before she confirms. */
  reason: string | null;
  /** The button she pressed: the form is sent again by it once she confirms. */
  button: HTMLButtonElement;
}

/** "Reject 5 applications?": the count and the reason, before anything is sent. */
function BulkConfirm({
  asking,
  onCancel,
  onConfirm,
}: {
  asking: Asking;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      id="bulk-confirm"
      title={t(`admin.bulk.confirm.${asking.to}`, { count: asking.count })}
      description={t("admin.bulk.confirm.text")}
      closeLabel={t("admin.bulk.confirm.cancel")}
      onClose={onCancel}
      initialFocus={confirm}
    >
      {asking.reason ? (
        <p className="text-sm text-ink-800">
          {t("admin.reasons.logged", { reason: asking.reason })}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("admin.bulk.confirm.cancel")}
        </Button>
        <Button ref={confirm} type="button" onClick={onConfirm}>
          {t(`admin.bulk.confirm.go.${asking.to}`, { count: asking.count })}
        </Button>
      </div>
    </ModalDialog>
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
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // With JavaScript the bar stays small until a row is ticked: it sticks over the list.
  const open = !hydrated || checked > 0;
  const [asking, setAsking] = useState<Asking | null>(null);
  const confirmed = useRef(false);

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
        const label = reasons.find((each) => String(each.id) === reason)?.label ?? null;
        setAsking({ to, count, button, reason: to === "Reprovado" ? label : null });
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 md:col-span-2">
        <h2 id="bulk-title" className="text-sm font-semibold text-ink-900">
          {t("admin.bulk.title")}
        </h2>
        <SelectAll hydrated={hydrated} />
      </div>
      <div className={open ? "grid gap-3 sm:grid-cols-2" : "hidden"}>
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
            <p id="bulk-reason-hint" className="mt-1 text-xs text-ink-500 max-md:sr-only">
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
            rows={1}
            className="mt-1 field-sizing-content text-sm max-md:min-h-11 md:min-h-20"
          />
          <p id="bulk-note-hint" className="mt-1 text-xs text-ink-500 max-md:sr-only">
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
        <BulkConfirm
          asking={asking}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const { button } = asking;
            setAsking(null);
            confirmed.current = true;
            form.current?.requestSubmit(button);
          }}
        />
      ) : null}
    </Form>
  );
}
