import { data, redirect } from "react-router";
import { requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase, type Database } from "#app/db/db.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { payoutsOfAffiliate } from "./batches.server.ts";
import { payoutDetailsForm, payoutDetailsOf } from "./details.ts";
import {
  affiliateOfUser,
  payoutDetailsSummary,
  requestPayoutDetailsChange,
} from "./details.server.ts";
import type { HerPayoutView } from "./her-payouts-section.tsx";
import type { PayoutDetailsResult } from "./payout-details-section.tsx";
import { checkPassword } from "./password.server.ts";

/**
 * The portal's payout parts (/portal): her details' hint, a change waiting, her payouts. Whose
 * they are comes from her session alone.
 */
export async function portalPayouts(db: Database, userId: string, language: string) {
  const affiliate = await affiliateOfUser(db, userId);
  if (!affiliate) return { details: { current: null, waiting: null }, payouts: [] };
  const day = new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeZone: "America/Sao_Paulo",
  });
  const payouts = await payoutsOfAffiliate(db, affiliate.id);
  return {
    details: await payoutDetailsSummary(db, affiliate.id),
    payouts: payouts.map((payout): HerPayoutView => ({
      id: payout.id,
      amountCents: payout.amountCents,
      state: payout.state,
      paidOn: payout.paidAt ? day.format(payout.paidAt) : null,
      hint: payout.hint,
    })),
  };
}

const refusals = {
  wrong: ["payouts.errors.wrongPassword", 400, "password"],
  limited: ["payouts.errors.limited", 429, undefined],
  "no-password": ["payouts.errors.noPassword", 409, undefined],
} as const;

/**
 * The portal's action: a change of her payout details asked for with her password. Stored and
 * mailed only when everything is right; a refusal says why and gives back what she typed, never
 * her password.
 */
export async function payoutDetailsAction(request: Request) {
  const viewer = await requireScreenAction(request, "affiliatePortal");
  const form = await parseForm(request, payoutDetailsForm);
  if (form.crossSite) return data<PayoutDetailsResult>({ error: "validation.crossSite" }, 403);
  const { password: _password, ...typed } = form.values as Record<string, string | undefined>;
  if (!form.success) {
    const issue = form.error.issues[0];
    const message = issue?.message.startsWith("payouts.")
      ? issue.message
      : "payouts.errors.invalid";
    const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
    return data<PayoutDetailsResult>(
      { error: message, field: field === "method" ? undefined : field, typed },
      400,
    );
  }
  const details = payoutDetailsOf(form.data);
  if (!details.ok) {
    return data<PayoutDetailsResult>({ error: details.error, field: details.field, typed }, 400);
  }
  const db = await getDatabase();
  const affiliate = await affiliateOfUser(db, viewer.id);
  if (!affiliate) throw data(null, { status: 404 });
  const checked = await checkPassword(db, request, viewer.id, form.data.password);
  if (checked !== "ok") {
    const [error, status, field] = refusals[checked];
    return data<PayoutDetailsResult>({ error, field, typed }, status);
  }
  await requestPayoutDetailsChange(db, affiliate, details.details);
  throw redirect("/portal#payout-details", 303);
}
