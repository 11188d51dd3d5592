import { Form, useNavigation } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Label, Select } from "#app/components/ui/field.tsx";
import { PageLinkError, Pager } from "#app/components/ui/pager.tsx";
import { StatCards } from "#app/components/ui/stat-card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { purposeOfMailKind } from "#app/mail/contact-purposes.ts";
import { labelledMailKinds, outboxStatuses } from "#app/mail/kinds.ts";
import type { latestMessages, MailStatus } from "#app/mail/outbox-admin.server.ts";
import { Outcome } from "./outcome.tsx";
import type { EmailResult } from "./result.ts";

type Page = Awaited<ReturnType<typeof latestMessages>>;

/** A page of the outbox, newest first, with the counts of every status. */
export interface OutboxView extends Page {
  counts: Record<MailStatus, number>;
  /** The status the list shows, or null for all. */
  filter: MailStatus | null;
  /** The id this page starts before, or null on the first page. */
  before: number | null;
  /** The page asked for was named by a malformed link: the first one is shown instead. */
  badPageLink: boolean;
}

const tones: Record<MailStatus, BadgeTone> = {
  queued: "neutral",
  sent: "positive",
  failed: "negative",
};

const columns = ["recipient", "kind", "language", "status", "attempts", "created", "lastError"];

/** The outbox: counts, a filter by status, the latest messages (a failed one can be retried). */
export function OutboxSection({ outbox, result }: { outbox: OutboxView; result?: EmailResult }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const last = outbox.messages.at(-1);
  const page = (before?: number) =>
    `?${new URLSearchParams({
      ...(outbox.filter ? { status: outbox.filter } : {}),
      ...(before ? { before: String(before) } : {}),
    })}#outbox`;
  return (
    <Section
      id="outbox"
      anchor="outbox"
      title={t("admin.email.outbox.heading")}
      description={t("admin.email.outbox.contentRemoved")}
    >
      <StatCards
        className="mt-4 sm:grid-cols-3"
        stats={outboxStatuses.map((status) => ({
          key: status,
          label: t(`admin.email.outbox.statuses.${status}`),
          value: number.format(outbox.counts[status]),
        }))}
      />
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" preventScrollReset>
        <div>
          <Label htmlFor="outbox-status">{t("admin.email.outbox.filter")}</Label>
          <Select
            id="outbox-status"
            name="status"
            defaultValue={outbox.filter ?? ""}
            className="mt-2"
          >
            <option value="">{t("admin.email.outbox.all")}</option>
            {outboxStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`admin.email.outbox.statuses.${status}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" size="sm" variant="secondary" className="mb-1">
          {t("admin.email.outbox.apply")}
        </Button>
      </Form>
      {outbox.badPageLink ? <PageLinkError>{t("admin.badPageLink")}</PageLinkError> : null}
      <Outcome result={result} intents={["retry"]} />
      {outbox.messages.length ? (
        <OutboxTable messages={outbox.messages} />
      ) : (
        <p className="mt-4 text-sm text-ink-600">{t("admin.email.outbox.empty")}</p>
      )}
      <Pager
        label={t("admin.email.outbox.pages")}
        firstHref={outbox.before ? page() : null}
        firstLabel={t("admin.email.outbox.caption")}
        nextHref={outbox.more && last ? page(last.id) : null}
        nextLabel={t("admin.email.outbox.older")}
      />
    </Section>
  );
}

/** The messages as a table; on a phone each row becomes a small card. */
function OutboxTable({ messages }: { messages: Page["messages"] }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const when = (value: Date | string) => formatAgencyTime(value, i18n.language);
  return (
    <Table
      caption={t("admin.email.outbox.caption")}
      density="compact"
      className="mt-4"
      tableClassName="max-md:block"
    >
      <thead className="max-md:sr-only">
        <tr>
          {columns.map((column) => (
            <Th key={column}>
              {column === "status"
                ? t("admin.list.status")
                : t(`admin.email.outbox.columns.${column}`)}
            </Th>
          ))}
          <Th>
            <span className="sr-only">{t("admin.email.outbox.columns.actions")}</span>
          </Th>
        </tr>
      </thead>
      <tbody className="max-md:block">
        {messages.map((message) => (
          <tr
            key={message.id}
            className="align-top max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-1 max-md:py-3"
          >
            <Td className="break-all text-ink-900 max-md:col-span-2 max-md:p-0 max-md:font-medium">
              {message.recipient}
            </Td>
            <Td className="max-md:p-0">
              {labelledMailKinds.includes(message.kind)
                ? t(`admin.email.kinds.${message.kind}`)
                : purposeOfMailKind(message.kind)
                  ? t(`contactTemplates.purposes.${purposeOfMailKind(message.kind)}.label`)
                  : message.kind}
            </Td>
            <Td className="max-md:p-0">{message.language.toUpperCase()}</Td>
            <Td className="max-md:p-0">
              <Badge tone={tones[message.status]}>
                {t(`admin.email.outbox.statuses.${message.status}`)}
              </Badge>
            </Td>
            <Td className="tabular-nums max-md:p-0">
              <span className="md:sr-only">{t("admin.email.outbox.columns.attempts")}: </span>
              {message.attempts}
            </Td>
            <Td className="whitespace-nowrap text-ink-600 max-md:col-span-2 max-md:p-0">
              {when(message.createdAt)}
              {message.sentAt ? (
                <span className="block">
                  {t("admin.email.outbox.sentAt", { when: when(message.sentAt) })}
                </span>
              ) : message.status === "queued" ? (
                <span className="block">
                  {t("admin.email.outbox.nextAttempt", { when: when(message.nextAttemptAt) })}
                </span>
              ) : null}
            </Td>
            <Td className="max-w-xs break-words text-coral-700 max-md:col-span-2 max-md:p-0">
              {message.lastError ?? ""}
            </Td>
            <Td className="max-md:col-span-2 max-md:p-0">
              {message.status === "failed" ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="id" value={message.id} />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    {t("admin.email.outbox.retry")}
                    <span className="sr-only">: {message.recipient}</span>
                  </Button>
                </Form>
              ) : null}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
