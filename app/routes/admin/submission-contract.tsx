import { data, Link, redirect } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import {
  ContractPanel,
  type ContractPanelResult as Result,
} from "#app/features/contracts/contract-panel.tsx";
import {
  applicationForContract,
  contractPanelFor,
  countersignContract,
  offerContract,
  withdrawOffer,
} from "#app/features/contracts/contracts.server.ts";
import { staffContractForm } from "#app/features/contracts/forms.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/submission-contract";

// Digits only: Number() would also read "1e3" or " 7 " as an id.
const idOf = (value: string | undefined) => {
  const id = /^[1-9]\d{0,14}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
};

/**
 * /admin/cadastros/:id/contract: where her page's contract panel posts (admins act, approvers
 * may only look). A refusal is answered on this page, with the panel, the reason and what was
 * typed; a plain visit shows the panel alone.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminApplicationContract");
  const id = idOf(params.id);
  const db = await getDatabase();
  const application = await applicationForContract(db, id);
  if (!application) throw data(null, { status: 404 });
  const { t, strings } = pageContext(request);
  return {
    id,
    name: application.fullName,
    strings: strings("contracts"),
    title: pageTitle(t("contracts.panel.title")),
    panel: await contractPanelFor(db, application, viewer, request.url),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const refusals = {
  missing: ["contracts.errors.missing", 404],
  "not-approved": ["contracts.errors.notApproved", 409],
  "open-offer": ["contracts.errors.openOffer", 409],
  "already-signed": ["contracts.errors.alreadySigned", 409],
  "no-template": ["contracts.errors.noTemplate", 409],
  "no-agency": ["contracts.errors.noAgency", 409],
  "no-document": ["contracts.errors.noDocument", 409],
  conflict: ["contracts.errors.conflict", 409],
} as const;

/** POST: `intent` offer (share, startsOn), withdraw (contract) or countersign (contract, name). */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminApplicationContract");
  const form = await parseForm(request, staffContractForm);
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  const id = idOf(params.id);
  const values = form.values as Record<string, string | undefined>;
  const typed = { share: values.share, startsOn: values.startsOn, name: values.name };
  if (!form.success) {
    const issue = form.error.issues[0];
    const field = issue?.path[0];
    return data<Result>(
      {
        error: issue?.message.startsWith("contracts.") ? issue.message : "contracts.errors.invalid",
        field: field === "share" || field === "startsOn" || field === "name" ? field : undefined,
        values: typed,
      },
      400,
    );
  }
  const input = form.data;
  const db = await getDatabase();
  const actor = { id: admin.id, ip: clientIp(request) };
  const outcome =
    input.intent === "offer"
      ? (
          await offerContract(
            db,
            id,
            { shareBasisPoints: input.share, startsOn: input.startsOn },
            actor,
          )
        ).outcome
      : input.intent === "withdraw"
        ? await withdrawOffer(db, id, input.contract, actor)
        : await countersignContract(db, id, input.contract, input.name, actor);
  if (outcome === "offered" || outcome === "done") {
    const done = { offer: "offered", withdraw: "withdrawn", countersign: "countersigned" };
    throw redirect(`/admin/cadastros/${id}?contract=${done[input.intent]}#contract`, 303);
  }
  const [error, status] = refusals[outcome];
  return data<Result>({ error, values: typed }, status);
}

export default function ContractRefused({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as Result | undefined;
  return (
    <>
      <Link
        to={`/admin/cadastros/${loaderData.id}#contract`}
        className="text-sm font-semibold text-brand-700 hover:text-brand-900"
      >
        ← {loaderData.name || t("contracts.panel.back")}
      </Link>
      <div className="mt-4 max-w-3xl">
        {loaderData.panel ? (
          <ContractPanel applicationId={loaderData.id} panel={loaderData.panel} result={result} />
        ) : (
          <FormMessage tone="error">
            {t(result?.error ?? "contracts.errors.notApproved")}
          </FormMessage>
        )}
      </div>
    </>
  );
}
