import { Form } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { AffiliateDetail } from "./admin-affiliates.server.ts";
import { formatMoney } from "./money.ts";

type Entry = AffiliateDetail["ledger"][number];

/**
 * Her earnings and payouts, newest first. An entry made by mistake is voided, never edited or
 * deleted: it stays, struck through, with who voided it and when.
 */
export function LedgerSection({ ledger, canEdit }: { ledger: Entry[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const title = t("admin.affiliates.ledgerTitle");
  return (
    // The table names itself the same: the section is a region only while it has none.
    <Section id="ledger" title={title} landmark={ledger.length === 0} className="mt-6">
      {ledger.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">{t("admin.affiliates.noLedger")}</p>
      ) : (
        <Table caption={title} density="compact" className="mt-3" tableClassName="sm:min-w-[40rem]">
          <thead>
            <tr>
              <Th>{t("admin.affiliates.date")}</Th>
              <Th>{t("admin.affiliates.kind")}</Th>
              <Th numeric>{t("admin.affiliates.amount")}</Th>
              {/* On a phone, the note and who entered it sit under the kind: the amount stays in view. */}
              <Th className="hidden sm:table-cell">{t("admin.affiliates.noteColumn")}</Th>
              <Th className="hidden sm:table-cell">{t("admin.affiliates.enteredBy")}</Th>
              {canEdit ? (
                <Th>
                  <span className="sr-only">{t("admin.affiliates.actions")}</span>
                </Th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {ledger.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} canEdit={canEdit} />
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}

function LedgerRow({ entry, canEdit }: { entry: Entry; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const system = t("admin.accessReport.system");
  const day = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  // A voided entry's day, kind and amount fade, the amount struck through; who did what stays.
  const voided = entry.voidedAt ? "text-ink-500" : undefined;
  return (
    <tr>
      <Td className={cn("whitespace-nowrap", voided)}>
        {day.format(new Date(`${entry.occurredOn}T00:00:00Z`))}
      </Td>
      <Td className={voided}>
        {t(`admin.affiliates.kinds.${entry.kind}`)}
        <span className="block text-xs break-words text-ink-500 sm:hidden">
          {[entry.note, entry.enteredBy ?? system].filter(Boolean).join(" · ")}
          {entry.voidedAt ? (
            <span className="block font-semibold text-ink-700">
              {t("admin.affiliates.voidedBy", {
                name: entry.voidedBy ?? system,
                when: formatAgencyTime(entry.voidedAt, language),
              })}
            </span>
          ) : null}
        </span>
      </Td>
      <Td numeric className={cn(voided, voided && "line-through")}>
        {entry.kind === "payout" ? "− " : ""}
        {formatMoney(entry.amountCents, language)}
      </Td>
      <Td className="hidden break-words sm:table-cell">{entry.note ?? "—"}</Td>
      <Td className="hidden sm:table-cell">
        {entry.enteredBy ?? system}
        <span className="block text-xs text-ink-500">
          {formatAgencyTime(entry.createdAt, language)}
        </span>
        {entry.voidedAt ? (
          <span className="mt-1 block text-xs font-semibold text-ink-700">
            {t("admin.affiliates.voidedBy", {
              name: entry.voidedBy ?? system,
              when: formatAgencyTime(entry.voidedAt, language),
            })}
          </span>
        ) : null}
      </Td>
      {canEdit ? (
        <Td className="text-end">
          {entry.voidedAt ? null : (
            <ConfirmDialog
              floating
              trigger={t("admin.affiliates.void")}
              triggerLabel={t("admin.affiliates.voidEntry", {
                kind: t(`admin.affiliates.kinds.${entry.kind}`),
                amount: formatMoney(entry.amountCents, language),
              })}
              triggerClassName={buttonVariants({ variant: "ghost", size: "sm" })}
            >
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="void" />
                <input type="hidden" name="entry" value={entry.id} />
                <p className="text-ink-700">{t("admin.affiliates.voidExplain")}</p>
                <Button type="submit" size="sm" className="mt-3">
                  {t("admin.affiliates.voidConfirm")}
                </Button>
              </Form>
            </ConfirmDialog>
          )}
        </Td>
      ) : null}
    </tr>
  );
}
