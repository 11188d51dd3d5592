import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { batchIdOf } from "#app/features/affiliate-payouts/admin-forms.ts";
import { bankFile } from "#app/features/affiliate-payouts/bank-file.server.ts";
import { csvResponse } from "#app/utils/csv.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/affiliate-payout-batch-csv";

/**
 * /admin/afiliados/pagamentos/:batch/payouts.csv (admins): the bank's file of a batch, each
 * payout's details decrypted, never cached, its download in the access log.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminAffiliatePayouts");
  const batchId = batchIdOf(params.batch);
  const stream = batchId
    ? await bankFile(await getDatabase(), { id: viewer.id, ip: clientIp(request) }, batchId)
    : null;
  if (!stream) throw data(null, { status: 404 });
  return csvResponse(request, stream, `payout-batch-${batchId}.csv`);
}
