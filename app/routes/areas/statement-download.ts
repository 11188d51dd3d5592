import { data } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { pdfHeaders } from "#app/features/documents/pdf.server.ts";
import { applicationsOf } from "#app/features/model-dashboard/dashboard.server.ts";
import {
  statementCsv,
  statementFileName,
  statementPdf,
} from "#app/features/statements/documents.server.ts";
import { publishedStatementOf } from "#app/features/statements/statements.server.ts";
import { languageForRequest } from "#app/i18n/language.server.ts";
import { csvResponse } from "#app/utils/csv.server.ts";
import type { Route } from "./+types/statement-download";

/**
 * GET /dashboard/model/statements/:id/:format (pdf or csv): one of her published statements as a
 * file, in her language, never cached. Whose it is comes from her session: another model's id,
 * a draft's, or none at all is the same 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "modelStatements");
  const format = params.format;
  const id = /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : NaN;
  if ((format !== "pdf" && format !== "csv") || !Number.isSafeInteger(id)) {
    throw data(null, { status: 404 });
  }
  const db = await getDatabase();
  const applications = await applicationsOf(db, viewer);
  const statement = await publishedStatementOf(
    db,
    applications.map((application) => application.id),
    id,
  );
  if (!statement) throw data(null, { status: 404 });
  const { language } = languageForRequest(request);
  if (format === "csv") {
    return csvResponse(
      request,
      statementCsv(statement, language),
      statementFileName(statement, "csv"),
    );
  }
  const application = applications.find((one) => one.id === statement.submissionId);
  const bytes = await statementPdf(statement, language, application?.fullName ?? viewer.name);
  return new Response(new Uint8Array(bytes), {
    headers: pdfHeaders(statementFileName(statement, "pdf")),
  });
}
