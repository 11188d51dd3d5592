import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { previewImport, storeImport } from "#app/features/statements/csv-import.server.ts";
import { ImportScreen } from "#app/features/statements/import-screen.tsx";
import { monthStart } from "#app/features/statements/money.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/statements-import";

/*
 * /admin/statements/import (admins): a month's earnings from a CSV file (or pasted rows),
 * checked and shown row by row before anything is stored; stored all or nothing. The body is
 * bounded by the forms' 1 MB (a 100,000-row file is a 413 before it is read) and the rows by
 * MAX_IMPORT_ROWS.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminStatementsImport");
  const { t, strings } = pageContext(request);
  return {
    strings: strings("statements"),
    title: pageTitle(t("statements.import.title")),
    month: monthStart(new URL(request.url).searchParams.get("month"))?.slice(0, 7) ?? null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const importForm = z.object({
  intent: z.enum(["preview", "store"]),
  // The file chosen, or the rows pasted (the preview carries them to "store").
  file: z.instanceof(File).optional(),
  csv: z.string().default(""),
});

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminStatementsImport");
  const form = await parseForm(request, importForm);
  if (form.crossSite) return data({ error: "validation.crossSite" }, 403);
  if (!form.success) return data({ error: "statements.import.errors.none" }, 400);
  const text = form.data.file?.size ? await form.data.file.text() : form.data.csv;
  if (!text.trim()) return data({ error: "statements.import.errors.none" }, 400);
  const db = await getDatabase();
  if (form.data.intent === "store") {
    const outcome = await storeImport(db, { id: viewer.id, ip: clientIp(request) }, text);
    if (outcome.stored) {
      const month = outcome.month ? `month=${outcome.month.slice(0, 7)}&` : "";
      return redirect(`/admin/statements?${month}imported=${outcome.rows}`, 303);
    }
    return answer(outcome.preview, text, form.data.csv);
  }
  return answer(await previewImport(db, text), text, form.data.csv);
}

/**
 * The rows come back to be stored with one more click, only when every one is right; rows she
 * pasted come back into the box whatever the answer, so nothing typed is lost.
 */
function answer(preview: Awaited<ReturnType<typeof previewImport>>, text: string, pasted: string) {
  if (!preview.ok) {
    return data({ error: `statements.import.errors.${preview.error}`, pasted }, 400);
  }
  return data(
    { preview: preview.rows, valid: preview.valid, csv: preview.valid ? text : "", pasted },
    preview.valid ? 200 : 400,
  );
}

export default function StatementsImport({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportScreen month={loaderData.month} result={actionData ?? null} />;
}
