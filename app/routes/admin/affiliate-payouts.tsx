import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState, Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { batchesForm } from "#app/features/affiliate-payouts/admin-forms.ts";
import { BatchStateBadge } from "#app/features/affiliate-payouts/batch-state-badge.tsx";
import {
  batchPreview,
  createBatch,
  listBatches,
} from "#app/features/affiliate-payouts/batches.server.ts";
import { formatMoney } from "#app/features/affiliates/money.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/affiliate-payouts";

/**
 * /admin/afiliados/pagamentos (admins): what a new payout batch would take (each affiliate whose
 * payable entries reach the minimum and who gave her details; the others apart, with why), the
 * button that makes it, and the batches made so far.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminAffiliatePayouts");
  const { t, strings } = pageContext(request);
  const db = await getDatabase();
  const preview = await batchPreview(db);
  return {
    strings: strings("admin-payouts"),
    title: pageTitle(t("admin.payouts.title")),
    preview,
    batches: (await listBatches(db)).map((batch) => ({
      ...batch,
      createdAt: batch.createdAt.toISOString(),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminAffiliatePayouts");
  const form = await parseForm(request, batchesForm);
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  if (!form.success) return data({ error: "admin.payouts.errors.invalid" }, 400);
  const made = await createBatch(await getDatabase(), { id: viewer.id, ip: clientIp(request) });
  if (made.outcome === "empty") return data({ error: "admin.payouts.errors.empty" }, 409);
  // Made now, or by her press a moment ago: either way, the batch.
  throw redirect(`/admin/afiliados/pagamentos/${made.batchId}`, 303);
}

export default function AffiliatePayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const { preview } = loaderData;
  const due = preview.rows.filter((row) => row.waiting === null);
  const waiting = preview.rows.filter((row) => row.waiting !== null);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeZone: "America/Sao_Paulo",
  });
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/afiliados" className="font-semibold text-brand-700 underline">
          {t("admin.payouts.back")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{t("admin.payouts.title")}</h1>
      <p className="mt-1 max-w-2xl text-sm text-ink-600">
        {t("admin.payouts.intro", { minimum: money(preview.minimumPayoutCents) })}
      </p>
      {actionData?.error ? (
        <div className="mt-4">
          <FormMessage tone="error">{t(actionData.error)}</FormMessage>
        </div>
      ) : null}

      <Section id="preview" title={t("admin.payouts.preview.title")} className="mt-6">
        {due.length === 0 ? (
          <EmptyState className="mt-4">{t("admin.payouts.preview.none")}</EmptyState>
        ) : (
          <>
            <Table caption={t("admin.payouts.preview.caption")} className="mt-4">
              <thead>
                <tr>
                  <Th>{t("admin.payouts.columns.affiliate")}</Th>
                  <Th>{t("admin.payouts.columns.details")}</Th>
                  <Th numeric>{t("admin.payouts.columns.entries")}</Th>
                  <Th numeric>{t("admin.payouts.columns.amount")}</Th>
                </tr>
              </thead>
              <tbody>
                {due.map((row) => (
                  <tr key={row.affiliateId}>
                    <Td>
                      <Link to={`/admin/afiliados/${row.affiliateId}`} className="underline">
                        {row.name}
                      </Link>
                    </Td>
                    <Td className="font-mono text-sm">{row.hint}</Td>
                    <Td numeric>{row.entries}</Td>
                    <Td numeric>{money(row.totalCents)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Form method="post" className="mt-5">
              <input type="hidden" name="intent" value="create" />
              <Button type="submit" disabled={busy} className="max-sm:w-full">
                <Icon name="plus" />
                {t("admin.payouts.create", {
                  count: due.length,
                  total: money(due.reduce((sum, row) => sum + row.totalCents, 0)),
                })}
              </Button>
            </Form>
          </>
        )}
        {waiting.length > 0 ? (
          <Table caption={t("admin.payouts.waiting.caption")} showCaption className="mt-6">
            <thead>
              <tr>
                <Th>{t("admin.payouts.columns.affiliate")}</Th>
                <Th>{t("admin.payouts.columns.reason")}</Th>
                <Th numeric>{t("admin.payouts.columns.amount")}</Th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((row) => (
                <tr key={row.affiliateId}>
                  <Td>
                    <Link to={`/admin/afiliados/${row.affiliateId}`} className="underline">
                      {row.name}
                    </Link>
                  </Td>
                  <Td>{t(`admin.payouts.waiting.${row.waiting}`)}</Td>
                  <Td numeric>{money(row.totalCents)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
      </Section>

      <Section id="batches" title={t("admin.payouts.batches.title")} className="mt-8">
        {loaderData.batches.length === 0 ? (
          <EmptyState className="mt-4">{t("admin.payouts.batches.none")}</EmptyState>
        ) : (
          <Table caption={t("admin.payouts.batches.title")} className="mt-4">
            <thead>
              <tr>
                <Th>{t("admin.payouts.columns.batch")}</Th>
                <Th>{t("admin.payouts.columns.created")}</Th>
                <Th>{t("admin.payouts.columns.state")}</Th>
                <Th numeric>{t("admin.payouts.columns.payouts")}</Th>
                <Th numeric>{t("admin.payouts.columns.amount")}</Th>
              </tr>
            </thead>
            <tbody>
              {loaderData.batches.map((batch) => (
                <tr key={batch.id}>
                  <Td>
                    <Link to={`/admin/afiliados/pagamentos/${batch.id}`} className="underline">
                      {t("admin.payouts.batchName", { id: batch.id })}
                    </Link>
                  </Td>
                  <Td className="whitespace-nowrap">
                    {dateFormat.format(new Date(batch.createdAt))}
                  </Td>
                  <Td>
                    <BatchStateBadge state={batch.state} />
                  </Td>
                  <Td numeric>{batch.payouts}</Td>
                  <Td numeric>{money(batch.totalCents)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
    </>
  );
}
