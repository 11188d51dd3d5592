import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { StatementField, StatementIntent } from "./forms.ts";
import { formatBrl, formatMonth, formatPercent } from "./money.ts";
import { MAX_PLATFORM, MAX_REASON } from "./platform.ts";
import type { Statement } from "./statements.server.ts";

/** What the statement screen's action answered: field errors with what was typed, or a refusal. */
export interface StatementResult {
  intent?: string;
  error?: string;
  fieldErrors?: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>>;
}

export interface StatementPageData {
  name: string;
  submissionId: number;
  month: string;
  contract: { agencyShareBasisPoints: number } | null;
  statement: (Statement & { name: string }) | null;
  canWrite: boolean;
  done: string | null;
}

/** The badge of where a month's statement stands (none begun, draft, published; paid). */
export function StatementStateBadge({
  state,
  payoutState,
}: {
  state: "draft" | "published" | null;
  payoutState: "pending" | "paid" | null;
}) {
  const { t } = useTranslation();
  if (!state) return <Badge tone="neutral">{t("statements.state.none")}</Badge>;
  if (state === "draft") return <Badge tone="neutral">{t("statements.state.draft")}</Badge>;
  return (
    <Badge tone="positive">
      {t(payoutState === "paid" ? "statements.state.paid" : "statements.state.published")}
    </Badge>
  );
}

/** A statement's lines and figures, in a table (the staff's screen and her page alike). */
export function StatementTable({
  statement,
  caption,
  remove,
  netLabel = "statements.totals.net",
}: {
  statement: Statement;
  caption: string;
  /** A draft's lines each get a button that takes them back. */
  remove?: (line: Statement["lines"][number]) => ReactNode;
  /** Her net's name: "Net to the model" for the staff, "Your net" for her. */
  netLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: number) => formatBrl(cents, language);
  const { totals } = statement;
  const empty = remove ? <Td /> : null;
  // Two columns (three with the drafts' buttons): narrow enough for a phone without scrolling.
  return (
    <Table caption={caption} density="compact">
      <thead>
        <tr>
          <Th>{t("statements.columns.platform")}</Th>
          <Th numeric>{t("statements.columns.gross")}</Th>
          {remove ? (
            <Th>
              <span className="sr-only">{t("statements.columns.actions")}</span>
            </Th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {statement.lines.map((line) => (
          <tr key={line.id}>
            <Th row className="font-medium">
              <span className="block">{line.platform}</span>
              <span className="block text-sm font-normal text-ink-600">
                {line.kind === "correction" ? (
                  <>
                    <span className="font-semibold text-ink-900">
                      {t("statements.kind.correction")}
                    </span>
                    {`: ${line.reason ?? ""}`}
                  </>
                ) : (
                  t("statements.kind.earning")
                )}
              </span>
            </Th>
            <Td numeric>{money(line.grossCents)}</Td>
            {remove ? <Td>{remove(line)}</Td> : null}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <Th row>{t("statements.totals.gross")}</Th>
          <Td numeric>{money(totals.grossCents)}</Td>
          {empty}
        </tr>
        <tr>
          <Th row>
            {t("statements.totals.agency", {
              percent: formatPercent(statement.basisPoints, language),
            })}
          </Th>
          <Td numeric>{money(-totals.agencyCents)}</Td>
          {empty}
        </tr>
        <tr className="font-semibold">
          <Th row>{t(netLabel)}</Th>
          <Td numeric>{money(totals.netCents)}</Td>
          {empty}
        </tr>
      </tfoot>
    </Table>
  );
}

/** A small form of the screen: its intent, its fields, its button. */
function IntentForm({
  intent,
  id,
  children,
  submit,
}: {
  intent: StatementIntent;
  id: string;
  children: ReactNode;
  submit: string;
}) {
  return (
    <Form method="post" id={id} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div className="sm:col-span-2">
        <Button type="submit">{submit}</Button>
      </div>
    </Form>
  );
}

type FieldOf = (
  intent: StatementIntent,
  name: StatementField,
) => { error: string | undefined; value: string };

/** A text field of one of the screen's forms, with its message and what was typed. */
function TextField({
  intent,
  name,
  label,
  hint,
  fieldOf,
  wide = false,
  type = "text",
  maxLength,
  inputMode,
}: {
  intent: StatementIntent;
  name: StatementField;
  label: string;
  hint?: string;
  fieldOf: FieldOf;
  wide?: boolean;
  type?: "text" | "date";
  maxLength?: number;
  inputMode?: "decimal";
}) {
  const { error, value } = fieldOf(intent, name);
  return (
    <Field
      id={`${intent}-${name}`}
      label={label}
      hint={hint}
      error={error}
      className={wide ? "sm:col-span-2" : undefined}
    >
      {(aria) => (
        <Input
          {...aria}
          type={type}
          name={name}
          maxLength={maxLength}
          inputMode={inputMode}
          autoComplete="off"
          defaultValue={value}
        />
      )}
    </Field>
  );
}

/** Recording a platform's gross on the draft, and publishing it once it has lines. */
function DraftForms({ page, fieldOf }: { page: StatementPageData; fieldOf: FieldOf }) {
  const { t, i18n } = useTranslation();
  const { statement } = page;
  return (
    <>
      <Section id="statement-add" title={t("statements.form.addTitle")}>
        <IntentForm intent="add" id="add-form" submit={t("statements.form.add")}>
          <TextField
            intent="add"
            name="platform"
            label={t("statements.form.platform")}
            maxLength={MAX_PLATFORM}
            fieldOf={fieldOf}
          />
          <TextField
            intent="add"
            name="amount"
            label={t("statements.form.amount")}
            hint={t("statements.form.amountHint")}
            inputMode="decimal"
            fieldOf={fieldOf}
          />
        </IntentForm>
      </Section>
      {statement?.lines.length ? (
        <Section
          id="statement-publish"
          title={t("statements.publish.title")}
          description={t("statements.publish.description")}
        >
          <ConfirmDialog
            className="mt-4"
            trigger={
              <>
                <Icon name="send" />
                {t("statements.publish.open")}
              </>
            }
            triggerClassName="btn btn-primary btn-md"
          >
            <p className="text-sm text-ink-700">
              {t("statements.publish.confirm", {
                name: page.name,
                month: formatMonth(page.month, i18n.language),
                net: formatBrl(statement.totals.netCents, i18n.language),
              })}
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="publish" />
              <Button type="submit">{t("statements.publish.submit")}</Button>
            </Form>
          </ConfirmDialog>
        </Section>
      ) : null}
    </>
  );
}

/** A published statement: a correction with its reason, and its payout while it is pending. */
function PublishedForms({ statement, fieldOf }: { statement: Statement; fieldOf: FieldOf }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Section
        id="statement-correct"
        title={t("statements.correct.title")}
        description={t("statements.correct.description")}
      >
        <IntentForm intent="correct" id="correct-form" submit={t("statements.correct.submit")}>
          <TextField
            intent="correct"
            name="platform"
            label={t("statements.form.platform")}
            maxLength={MAX_PLATFORM}
            fieldOf={fieldOf}
          />
          <TextField
            intent="correct"
            name="amount"
            label={t("statements.correct.amount")}
            hint={t("statements.correct.amountHint")}
            inputMode="decimal"
            fieldOf={fieldOf}
          />
          <Field
            id="correct-reason"
            className="sm:col-span-2"
            label={t("statements.correct.reason")}
            hint={t("statements.correct.reasonHint")}
            error={fieldOf("correct", "reason").error}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="reason"
                rows={2}
                maxLength={MAX_REASON}
                defaultValue={fieldOf("correct", "reason").value}
              />
            )}
          </Field>
        </IntentForm>
      </Section>
      {statement.payoutState === "pending" ? (
        <Section id="statement-paid" title={t("statements.paid.title")}>
          <IntentForm intent="paid" id="paid-form" submit={t("statements.paid.submit")}>
            <TextField
              intent="paid"
              name="paidOn"
              type="date"
              label={t("statements.paid.paidOn")}
              fieldOf={fieldOf}
            />
            <TextField
              intent="paid"
              name="amount"
              label={t("statements.paid.amount")}
              hint={t("statements.paid.amountHint", {
                net: formatBrl(statement.totals.netCents, i18n.language),
              })}
              inputMode="decimal"
              fieldOf={fieldOf}
            />
            <TextField
              intent="paid"
              name="reference"
              label={t("statements.paid.reference")}
              maxLength={100}
              wide
              fieldOf={fieldOf}
            />
          </IntentForm>
        </Section>
      ) : null}
    </>
  );
}

/** The lines of her month (a draft's each with a button that takes it back), and its payout. */
function LinesSection({ page }: { page: StatementPageData }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const month = formatMonth(page.month, language);
  const { statement } = page;
  const published = statement?.state === "published";
  return (
    <Section id="statement-lines" title={t("statements.detail.lines")} landmark={false}>
      {statement && statement.lines.length ? (
        <div className="mt-4">
          <StatementTable
            statement={statement}
            caption={t("statements.detail.linesCaption", { name: page.name, month })}
            remove={
              page.canWrite && !published
                ? (line) => (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="line" value={line.id} />
                      <Button
                        type="submit"
                        variant="ghost"
                        size="sm"
                        aria-label={t("statements.form.removeLine", { platform: line.platform })}
                      >
                        <Icon name="trash" />
                        <span className="hidden sm:inline">{t("statements.form.remove")}</span>
                      </Button>
                    </Form>
                  )
                : undefined
            }
          />
        </div>
      ) : (
        <EmptyState className="mt-4">{t("statements.detail.empty")}</EmptyState>
      )}
      {published && statement ? (
        <p className="mt-4 text-sm text-ink-600">
          {statement.payoutState === "paid"
            ? t("statements.payout.paidOn", {
                date: statement.paidOn,
                amount: formatBrl(statement.paidCents ?? 0, language),
                reference: statement.payoutReference,
              })
            : t("statements.payout.pending")}
        </p>
      ) : null}
    </Section>
  );
}

export function StatementEditor({
  page,
  result,
}: {
  page: StatementPageData;
  result: StatementResult | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const month = formatMonth(page.month, language);
  const { statement } = page;
  // A refused form gets back what was typed and its messages; the others start empty.
  const fieldOf: FieldOf = (intent, name) => {
    const own = result?.intent === intent ? result : null;
    const error = own?.fieldErrors?.[name];
    return { error: error ? t(error) : undefined, value: own?.values?.[name] ?? "" };
  };
  const basisPoints = statement?.basisPoints ?? page.contract?.agencyShareBasisPoints;

  return (
    <>
      <Link
        to={`/admin/statements?month=${page.month.slice(0, 7)}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <Icon name="arrow-left" />
        {t("statements.detail.back", { month })}
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">
            {page.name} · {month}
          </h1>
          {basisPoints !== undefined ? (
            <p className="mt-1 text-sm text-ink-600">
              {t("statements.detail.contract", { percent: formatPercent(basisPoints, language) })}
            </p>
          ) : null}
        </div>
        <StatementStateBadge
          state={statement?.state ?? null}
          payoutState={statement?.payoutState ?? null}
        />
      </div>

      <div className="mt-4 empty:hidden">
        {page.done && !result ? (
          <FormMessage tone="notice">{t(`statements.done.${page.done}`)}</FormMessage>
        ) : null}
      </div>
      {result?.error ? <FormMessage tone="error">{t(result.error)}</FormMessage> : null}
      {result?.fieldErrors ? (
        <FormMessage tone="error">{t("statements.errors.check")}</FormMessage>
      ) : null}
      {!page.contract && !statement ? (
        <FormMessage tone="error">{t("statements.errors.noContract")}</FormMessage>
      ) : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <LinesSection page={page} />
        <div className="space-y-6">
          {!page.canWrite ? (
            <Section id="statement-read-only" title={t("statements.detail.readOnlyTitle")}>
              <p className="mt-2 text-sm text-ink-600">{t("statements.detail.readOnly")}</p>
            </Section>
          ) : statement?.state === "published" ? (
            <PublishedForms statement={statement} fieldOf={fieldOf} />
          ) : page.contract ? (
            <DraftForms page={page} fieldOf={fieldOf} />
          ) : null}
        </div>
      </div>
    </>
  );
}
