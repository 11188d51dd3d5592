import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { batchForm, batchIdOf } from "#app/features/affiliate-payouts/admin-forms.ts";
import { BatchStateBadge } from "#app/features/affiliate-payouts/batch-state-badge.tsx";
import {
  batchDetail,
  cancelBatch,
  markBatchPaid,
} from "#app/features/affiliate-payouts/batches.server.ts";
import { formatMoney } from "#app/features/affiliates/money.ts";
import { agencyToday } from "#app/features/onboarding/format.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/affiliate-payout-batch";

/**
 * /admin/afiliados/pagamentos/:batch (admins): a batch's payouts (her name, the hint of the
 * details it pays to, the amount), its bank file, and, while open, marking it paid with the
 * bank's reference and day, or cancelling it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, "adminAffiliatePayouts");
  const { t, strings } = pageContext(request);
  const batchId = batchIdOf(params.batch);
  const found = batchId ? await batchDetail(await getDatabase(), batchId) : null;
  if (!found) throw data(null, { status: 404 });
  return {
    strings: strings("admin-payouts"),
    title: pageTitle(t("admin.payouts.batchName", { id: found.batch.id })),
    today: agencyToday(),
    batch: {
      id: found.batch.id,
      state: found.batch.state,
      createdAt: found.batch.createdAt.toISOString(),
      paidAt: found.batch.paidAt?.toISOString() ?? null,
      reference: found.batch.reference,
    },
    payouts: found.payouts.map((payout) => ({
      id: payout.id,
      affiliateId: payout.affiliateId,
      name: payout.name,
      hint: payout.hint,
      amountCents: payout.amountCents,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type Result = { error: string; field?: "reference" | "paidOn"; typed?: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminAffiliatePayouts");
  const batchId = batchIdOf(params.batch);
  if (!batchId) throw data(null, { status: 404 });
  const form = await parseForm(request, batchForm);
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  const typed = { reference: form.values.reference ?? "", paidOn: form.values.paidOn ?? "" };
  if (!form.success) {
    const issue = form.error.issues[0];
    const field =
      issue?.path[0] === "reference" || issue?.path[0] === "paidOn" ? issue.path[0] : undefined;
    const error = issue?.message.startsWith("admin.")
      ? issue.message
      : "admin.payouts.errors.invalid";
    return data<Result>({ error, field, typed }, 400);
  }
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  const input = form.data;
  if (input.intent === "paid" && input.paidOn > agencyToday()) {
    return data<Result>(
      { error: "admin.payouts.errors.paidOnFuture", field: "paidOn", typed },
      400,
    );
  }
  const outcome =
    input.intent === "paid"
      ? await markBatchPaid(db, actor, batchId, input)
      : await cancelBatch(db, actor, batchId);
  if (outcome === "missing") throw data(null, { status: 404 });
  if (outcome === "not-open") return data<Result>({ error: "admin.payouts.errors.notOpen" }, 409);
  // Done now, or the same payment pressed a moment ago ("already-paid"): the batch, paid.
  throw redirect(`/admin/afiliados/pagamentos/${batchId}`, 303);
}

export default function AffiliatePayoutBatch({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const { batch, payouts } = loaderData;
  const result = actionData as Result | undefined;
  const day = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeZone: "America/Sao_Paulo",
  });
  const total = payouts.reduce((sum, payout) => sum + payout.amountCents, 0);
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/afiliados/pagamentos" className="font-semibold text-brand-700 underline">
          {t("admin.payouts.title")}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">
          {t("admin.payouts.batchName", { id: batch.id })}
        </h1>
        <BatchStateBadge state={batch.state} />
      </div>
      <p className="mt-1 text-sm text-ink-600">
        {batch.state === "paid" && batch.paidAt
          ? t("admin.payouts.batch.paidOn", {
              date: day.format(new Date(batch.paidAt)),
              reference: batch.reference,
            })
          : t("admin.payouts.batch.createdOn", { date: day.format(new Date(batch.createdAt)) })}
      </p>
      {result && !result.field ? (
        <div className="mt-4">
          <FormMessage tone="error">{t(result.error)}</FormMessage>
        </div>
      ) : null}

      <Section
        id="payouts"
        title={t("admin.payouts.batch.payouts", { total: money(total) })}
        className="mt-6"
        actions={
          <a
            href={`/admin/afiliados/pagamentos/${batch.id}/payouts.csv`}
            download
            className={buttonVariants({ variant: "secondary", size: "sm" })}
          >
            <Icon name="download" />
            {t("admin.payouts.batch.csv")}
          </a>
        }
      >
        <Table caption={t("admin.payouts.batch.caption")} className="mt-4">
          <thead>
            <tr>
              <Th>{t("admin.payouts.columns.affiliate")}</Th>
              <Th>{t("admin.payouts.columns.details")}</Th>
              <Th numeric>{t("admin.payouts.columns.amount")}</Th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => (
              <tr key={payout.id}>
                <Td>
                  <Link to={`/admin/afiliados/${payout.affiliateId}`} className="underline">
                    {payout.name}
                  </Link>
                </Td>
                <Td className="font-mono text-sm">{payout.hint}</Td>
                <Td numeric>{money(payout.amountCents)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      {batch.state === "open" ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <Section id="paid" title={t("admin.payouts.batch.markPaid")}>
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="paid" />
              <Field
                id="reference"
                label={t("admin.payouts.batch.reference")}
                hint={t("admin.payouts.batch.referenceHint")}
                error={result?.field === "reference" ? t(result.error) : undefined}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name="reference"
                    maxLength={200}
                    defaultValue={result?.typed?.reference ?? ""}
                  />
                )}
              </Field>
              <Field
                id="paidOn"
                label={t("admin.payouts.batch.paidOnLabel")}
                error={result?.field === "paidOn" ? t(result.error) : undefined}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name="paidOn"
                    type="date"
                    max={loaderData.today}
                    defaultValue={result?.typed?.paidOn || loaderData.today}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy} className="max-sm:w-full">
                <Icon name="check" />
                {t("admin.payouts.batch.markPaidButton")}
              </Button>
            </Form>
          </Section>
          <Section
            id="cancel"
            title={t("admin.payouts.batch.cancel")}
            description={t("admin.payouts.batch.cancelText")}
          >
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="secondary" disabled={busy} className="max-sm:w-full">
                <Icon name="x" />
                {t("admin.payouts.batch.cancelButton")}
              </Button>
            </Form>
          </Section>
        </div>
      ) : null}
    </>
  );
}
