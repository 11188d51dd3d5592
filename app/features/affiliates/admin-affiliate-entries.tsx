import { Form } from "react-router";
import type { EntryState, SelfReferralSignal } from "#app/db/affiliate-program-states.ts";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Field, Textarea } from "#app/components/ui/field.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { NOTE_MAX } from "./admin-forms.ts";
import { EntryStateBadge } from "./entry-state-badge.tsx";
import { formatMoney } from "./money.ts";

/** One of her entries as the loader words it for the staff. */
export interface AdminEntryView {
  id: number;
  date: string;
  description: string;
  amountCents: number;
  state: EntryState;
  riskSignals: SelfReferralSignal[];
  voidLine: string | null;
  /** "Entered by Ana, 12 Nov 2026 14:05" for a manual entry; who voided it. */
  enteredBy: string | null;
  /** Not voided and not in a payout: an admin may still void it. */
  voidable: boolean;
}

/**
 * Her entries, newest first: what each is for, its state and amount. An entry held as a possible
 * self-referral says what the referral shares with her, and an admin releases or voids it; any
 * entry not yet paid may be voided with the reason she will read. Never edited or deleted.
 */
export function EntriesSection({
  entries,
  canEdit,
}: {
  entries: AdminEntryView[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const title = t("admin.affiliates.entriesTitle");
  return (
    <Section id="entries" title={title} landmark={entries.length === 0} className="mt-6">
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">{t("admin.affiliates.noEntries")}</p>
      ) : (
        <Table caption={title} density="compact" className="mt-3" tableClassName="sm:min-w-[40rem]">
          <thead>
            <tr>
              <Th>{t("admin.affiliates.date")}</Th>
              <Th>{t("admin.affiliates.description")}</Th>
              <Th numeric>{t("admin.affiliates.amountColumn")}</Th>
              {canEdit ? (
                <Th>
                  <span className="sr-only">{t("admin.affiliates.actions")}</span>
                </Th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} canEdit={canEdit} />
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}

function EntryRow({ entry, canEdit }: { entry: AdminEntryView; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const voided = entry.state === "void";
  const tone = voided ? "text-ink-500" : undefined;
  const amount = formatMoney(entry.amountCents, i18n.language);
  return (
    <tr>
      <Td className={cn("whitespace-nowrap", tone)}>{entry.date}</Td>
      <Td className={cn("break-words", tone)}>
        <span className={cn(voided && "line-through")}>{entry.description}</span>
        <span className="mt-1 block">
          <EntryStateBadge state={entry.state} />
        </span>
        {entry.state === "held" ? (
          <span className="mt-1 block text-xs font-semibold text-ink-800">
            {t("admin.affiliates.heldBecause", {
              signals: entry.riskSignals
                .map((signal) => t(`affiliateProgram.signals.${signal}`))
                .join(", "),
            })}
          </span>
        ) : null}
        {entry.enteredBy ? (
          <span className="mt-1 block text-xs text-ink-500">{entry.enteredBy}</span>
        ) : null}
        {entry.voidLine ? (
          <span className="mt-1 block text-xs text-ink-700">{entry.voidLine}</span>
        ) : null}
      </Td>
      <Td numeric className={cn("whitespace-nowrap", tone, voided && "line-through")}>
        {amount}
      </Td>
      {canEdit ? (
        <Td className="text-end whitespace-nowrap">
          {entry.state === "held" ? (
            <Form method="post" preventScrollReset className="inline">
              <input type="hidden" name="intent" value="review" />
              <input type="hidden" name="entry" value={entry.id} />
              <input type="hidden" name="decision" value="released" />
              <input type="hidden" name="reason" value="" />
              <Button
                type="submit"
                size="sm"
                variant="secondary"
                aria-label={t("admin.affiliates.releaseEntry", { amount, what: entry.description })}
              >
                {t("admin.affiliates.release")}
              </Button>
            </Form>
          ) : null}
          {entry.voidable ? (
            <ConfirmDialog
              floating
              trigger={t("admin.affiliates.void")}
              triggerLabel={t("admin.affiliates.voidEntry", { amount, what: entry.description })}
              triggerClassName={buttonVariants({ variant: "ghost", size: "sm" })}
            >
              <Form method="post" preventScrollReset>
                <input
                  type="hidden"
                  name="intent"
                  value={entry.state === "held" ? "review" : "void"}
                />
                <input type="hidden" name="entry" value={entry.id} />
                <input type="hidden" name="decision" value="voided" />
                <p className="text-ink-700">{t("admin.affiliates.voidExplain")}</p>
                <Field id={`void-reason-${entry.id}`} label={t("admin.affiliates.voidReason")}>
                  {(aria) => (
                    <Textarea
                      {...aria}
                      name="reason"
                      required
                      maxLength={NOTE_MAX}
                      className="min-h-16"
                    />
                  )}
                </Field>
                <Button type="submit" size="sm" className="mt-3">
                  {t("admin.affiliates.voidConfirm")}
                </Button>
              </Form>
            </ConfirmDialog>
          ) : null}
        </Td>
      ) : null}
    </tr>
  );
}
