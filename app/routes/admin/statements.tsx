import { data, Form, Link } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { mayOpen } from "#app/auth/permissions.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { agencyToday } from "#app/features/onboarding/format.ts";
import { StatementStateBadge } from "#app/features/statements/admin-statement.tsx";
import { formatMonth, formatPercent, monthStart } from "#app/features/statements/money.ts";
import { monthOverview } from "#app/features/statements/statements.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/statements";

/** The month before today's in Brasília: the one whose earnings are recorded now. */
function lastMonth() {
  const [year, month] = agencyToday().split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 2, 1));
  return date.toISOString().slice(0, 10);
}

/**
 * /admin/statements (approvers read, admins write): a month's models with a contract in force,
 * her manager, the agency's percentage and where her statement stands; each opens her month.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminStatements");
  const { t, strings } = pageContext(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("month");
  const month = asked ? monthStart(asked) : lastMonth();
  const page = {
    strings: strings("statements"),
    title: pageTitle(t("statements.admin.title")),
    month: month ?? lastMonth(),
    badMonth: asked !== null && !month,
    rows: await monthOverview(await getDatabase(), month ?? lastMonth()),
    canImport: mayOpen(viewer.role, "adminStatementsImport"),
    imported: Number(url.searchParams.get("imported")) || 0,
  };
  return page.badMonth ? data(page, 400) : page;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function AdminStatements({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { rows } = loaderData;
  const month = formatMonth(loaderData.month, language);
  const monthParam = loaderData.month.slice(0, 7);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t("statements.admin.title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-ink-600">{t("statements.admin.intro")}</p>
        </div>
        {loaderData.canImport ? (
          <Link
            to={`/admin/statements/import?month=${monthParam}`}
            className={buttonVariants({ variant: "secondary", size: "sm" })}
          >
            <Icon name="clipboard-list" />
            {t("statements.admin.import")}
          </Link>
        ) : null}
      </div>

      <div className="mt-4 empty:hidden">
        {loaderData.imported ? (
          <FormMessage tone="notice">
            {t("statements.import.stored", { count: loaderData.imported })}
          </FormMessage>
        ) : null}
      </div>
      {loaderData.badMonth ? (
        <FormMessage tone="error">{t("statements.errors.month")}</FormMessage>
      ) : null}

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="statements-month">{t("statements.admin.month")}</Label>
          <Input
            id="statements-month"
            type="month"
            name="month"
            defaultValue={monthParam}
            className="w-auto"
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("statements.admin.show")}
        </Button>
      </Form>

      <div className="mt-6">
        {rows.length ? (
          <Table
            caption={t("statements.admin.caption", { month })}
            showCaption
            framed
            tableClassName="min-w-[34rem]"
          >
            <thead>
              <tr>
                <Th>{t("statements.admin.columns.model")}</Th>
                <Th>{t("statements.admin.columns.manager")}</Th>
                <Th numeric>{t("statements.admin.columns.share")}</Th>
                <Th>{t("statements.admin.columns.state")}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.submissionId}>
                  <Th row className="font-medium">
                    {/* Her month: the name opens it, first in the row, on a phone too. */}
                    <Link
                      to={`/admin/statements/${row.submissionId}/${monthParam}`}
                      className="font-semibold text-brand-700 hover:underline"
                    >
                      {row.name}
                    </Link>
                  </Th>
                  <Td>{row.manager ?? t("statements.admin.noManager")}</Td>
                  <Td numeric>{formatPercent(row.basisPoints, language)}</Td>
                  <Td>
                    <StatementStateBadge state={row.state} payoutState={row.payoutState} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState>{t("statements.admin.none", { month })}</EmptyState>
        )}
      </div>
    </>
  );
}
