import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { contractFileName, contractPdf } from "#app/features/contracts/contract-pdf.server.ts";
import { contractOfModel } from "#app/features/contracts/contracts.server.ts";
import { pdfHeaders } from "#app/features/documents/pdf.server.ts";
import type { Route } from "./+types/contract-pdf";

/**
 * GET /dashboard/model/contract/:contract/pdf (models): one of her own contracts as a PDF, never
 * cached. Another model's contract answers 404, exactly as one that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "modelContract");
  const id = /^[1-9]\d{0,14}$/.test(params.contract ?? "") ? Number(params.contract) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  const contract = await contractOfModel(await getDatabase(), viewer, id);
  if (!contract) throw data(null, { status: 404 });
  return new Response(Buffer.from(await contractPdf(contract)), {
    headers: pdfHeaders(contractFileName(contract)),
  });
}
