import { data, redirect } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { confirmIdentity } from "#app/features/contracts/confirm.server.ts";
import { signContract, withdrawConsent } from "#app/features/contracts/contracts.server.ts";
import { signingForm } from "#app/features/contracts/forms.ts";
import {
  ContractSigningPage,
  type SigningResult as Result,
} from "#app/features/contracts/signing-page.tsx";
import { signingPageFor } from "#app/features/contracts/signing.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/contract";

/**
 * /dashboard/model/contract (models): her contract, to read and sign in her dashboard (typed
 * legal name, "I have read and agree", her password or her authenticator's code), then to
 * download as PDF; and her withdrawal of consent to future processing. Only ever her own.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "modelContract");
  const { t, strings } = pageContext(request);
  return {
    strings: strings("model", "areas", "contracts"),
    title: pageTitle(t("contracts.model.title")),
    page: await signingPageFor(await getDatabase(), viewer, request.url),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const refusals = {
  missing: ["contracts.errors.missing", 404],
  "not-offered": ["contracts.errors.notOffered", 409],
  "text-changed": ["contracts.errors.textChanged", 409],
  "not-agreed": ["contracts.errors.agree", 400],
  "wrong-name": ["contracts.errors.wrongName", 400],
  "wrong-secret": ["contracts.errors.wrongSecret", 400],
  limited: ["contracts.errors.limited", 429],
  "no-secret": ["contracts.errors.noSecret", 409],
  conflict: ["contracts.errors.conflict", 409],
} as const;

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "modelContract");
  const form = await parseForm(request, signingForm);
  if (form.crossSite) return data<Result>({ error: "validation.crossSite" }, 403);
  // What she typed comes back, never her password.
  const values = form.values as Record<string, string | undefined>;
  const typed = { name: values.name, agree: values.agree === "yes" };
  if (!form.success) {
    const issue = form.error.issues[0];
    return data<Result>(
      {
        error: issue?.message.startsWith("contracts.") ? issue.message : "contracts.errors.invalid",
        field: issue?.path[0] === "name" || issue?.path[0] === "secret" ? issue.path[0] : undefined,
        typed,
      },
      400,
    );
  }
  const input = form.data;
  const db = await getDatabase();
  if (input.intent === "withdraw-consent") {
    const outcome = await withdrawConsent(db, viewer, input.contract);
    if (outcome === "withdrawn") throw redirect("/dashboard/model/contract?done=consent", 303);
    const [error, status] = refusals[outcome === "missing" ? "missing" : "conflict"];
    return data<Result>({ error }, status);
  }
  const outcome = await signContract(
    db,
    viewer,
    {
      contractId: input.contract,
      typedName: input.name,
      agreed: input.agree,
      shownSha256: input.sha256,
    },
    {
      ip: clientIp(request),
      userAgent: request.headers.get("user-agent") ?? "",
      method: viewer.twoFactorEnabled ? "totp" : "password",
      confirm: confirmIdentity(db, request, viewer, input.secret),
    },
  );
  if (outcome === "signed") throw redirect("/dashboard/model/contract?done=signed", 303);
  const [error, status] = refusals[outcome];
  return data<Result>(
    {
      error,
      field: outcome === "wrong-name" ? "name" : outcome === "wrong-secret" ? "secret" : undefined,
      typed,
    },
    status,
  );
}

export default function ContractPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AreaShell title={t("contracts.model.title")}>
      <ContractSigningPage page={loaderData.page} result={actionData as Result | undefined} />
    </AreaShell>
  );
}
