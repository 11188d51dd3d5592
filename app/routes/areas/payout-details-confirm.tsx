import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { CHANGE_TTL_HOURS } from "#app/features/affiliate-payouts/constants.ts";
import {
  affiliateOfUser,
  confirmPayoutDetailsChange,
  openPayoutDetailsChange,
} from "#app/features/affiliate-payouts/details.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/payout-details-confirm";

/**
 * /portal/payout-details/confirm?token=…: the link mailed to her when she asked to change her
 * payout details. Opening it changes nothing (mail scanners open links too, and it needs her
 * session anyway): the page shows the new details' hint, and its button, a POST, makes them
 * hers, once. A token of another affiliate's change is not found; an expired or used one says so.
 */
const statusOf = { unknown: 404, other: 404, expired: 410, used: 410 } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "affiliatePortal");
  const { t, strings } = pageContext(request);
  const token = new URL(request.url).searchParams.get("token");
  const db = await getDatabase();
  const affiliate = await affiliateOfUser(db, viewer.id);
  const change = affiliate
    ? await openPayoutDetailsChange(db, affiliate.id, token)
    : ({ status: "unknown" } as const);
  const page = {
    strings: strings("payouts", "areas"),
    title: pageTitle(t("payouts.confirm.title")),
    status: change.status === "other" ? ("unknown" as const) : change.status,
    hint: change.status === "open" ? change.hint : null,
    token: change.status === "open" ? token : null,
  };
  return data(page, {
    status: change.status === "open" ? 200 : statusOf[change.status],
    headers: { "Cache-Control": "no-store" },
  });
}

// The page's address holds a live token: no cache keeps it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "affiliatePortal");
  const form = await parseForm(request, z.object({ token: textField }));
  if (form.crossSite) throw data(null, { status: 403 });
  if (!form.success) throw data(null, { status: 400 });
  const db = await getDatabase();
  const affiliate = await affiliateOfUser(db, viewer.id);
  if (!affiliate) throw data(null, { status: 404 });
  const outcome = await confirmPayoutDetailsChange(db, affiliate.id, form.data.token, {
    id: viewer.id,
    ip: clientIp(request),
  });
  if (outcome === "confirmed") throw redirect("/portal#payout-details", 303);
  return data(
    { status: outcome === "other" ? ("unknown" as const) : outcome },
    statusOf[outcome === "open" ? "unknown" : outcome],
  );
}

export default function PayoutDetailsConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const status = actionData?.status ?? loaderData.status;
  return (
    <AreaShell title={t("payouts.confirm.title")}>
      <div className="card max-w-2xl">
        {status === "open" && loaderData.token ? (
          <>
            <p className="text-ink-700">{t("payouts.confirm.text")}</p>
            <p className="mt-4 rounded-xl bg-sand-100 px-4 py-3 font-mono text-ink-900 ring-1 ring-sand-300">
              {loaderData.hint}
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={loaderData.token} />
              <Button type="submit" disabled={busy} className="max-sm:w-full">
                <Icon name="check" />
                {t("payouts.confirm.button")}
              </Button>
            </Form>
            <p className="mt-4 text-sm text-ink-600">{t("payouts.confirm.notYou")}</p>
          </>
        ) : (
          <>
            <p role="alert" className="font-semibold text-coral-700">
              {t(`payouts.confirm.errors.${status}`, { hours: CHANGE_TTL_HOURS })}
            </p>
            <Link to="/portal#payout-details" className={`${buttonVariants()} mt-6`}>
              {t("payouts.confirm.back")}
            </Link>
          </>
        )}
      </div>
    </AreaShell>
  );
}
