import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { contractFileName, contractPdf } from "#app/features/contracts/contract-pdf.server.ts";
import { staffContractPdf } from "#app/features/contracts/contracts.server.ts";
import { pdfHeaders } from "#app/features/documents/pdf.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import type { Route } from "./+types/submission-contract-pdf";

const idOf = (value: string | undefined) => {
  const id = /^[1-9]\d{0,14}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
};

/**
 * GET /admin/cadastros/:id/contract/:contract/pdf (approvers and admins): her contract as a PDF,
 * made from the stored record; never cached; every download in the access log. A contract of
 * another application answers 404, as one that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminApplicationContract");
  const contract = await staffContractPdf(
    await getDatabase(),
    idOf(params.id),
    idOf(params.contract),
    { id: viewer.id, ip: clientIp(request) },
  );
  if (!contract) throw data(null, { status: 404 });
  return new Response(Buffer.from(await contractPdf(contract)), {
    headers: pdfHeaders(contractFileName(contract)),
  });
}
