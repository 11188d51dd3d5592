import { data } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import {
  contractBlocks,
  fillContract,
  unknownVariables,
} from "#app/features/contracts/contract-text.ts";
import { languageParam, templateForm } from "#app/features/contracts/forms.ts";
import {
  ContractTemplatesScreen,
  type TemplatesResult as Result,
} from "#app/features/contracts/templates-screen.tsx";
import {
  agencyParty,
  publishedLanguages,
  sampleValues,
  saveAgencyParty,
  saveTemplate,
  templatesOf,
} from "#app/features/contracts/templates.server.ts";
import { formatCnpj } from "#app/features/site/cnpj.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/contracts";

/**
 * /admin/contracts (admins): the contract's template in each language (a draft, published as
 * numbered versions) and the agency's legal name and CNPJ that every contract names. Nothing
 * legal is built in: the agency writes its own contract (decision 055).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminContracts");
  const { t, strings } = pageContext(request);
  const language = languageParam(new URL(request.url).searchParams.get("language"));
  const db = await getDatabase();
  const agency = await agencyParty(db);
  return {
    strings: strings("contracts"),
    title: pageTitle(t("contracts.templates.title")),
    language,
    templates: await templatesOf(db, language),
    published: await publishedLanguages(db),
    agency: agency ? { legalName: agency.legalName, cnpj: formatCnpj(agency.cnpj) } : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * POST: `intent` save (the draft), publish (the draft as the next version), preview (filled in
 * with sample values, nothing stored), or agency (the legal name and CNPJ). A placeholder that is
 * not one of the contract's variables is refused, named.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireScreenAction(request, "adminContracts");
  const form = await parseForm(request, templateForm);
  if (form.crossSite) return data<Result>({ errors: { form: "validation.crossSite" } }, 403);
  const values = form.values as Record<string, string | undefined>;
  const typed = {
    title: values.title,
    body: values.body,
    legalName: values.legalName,
    cnpj: values.cnpj,
  };
  if (!form.success) {
    return data<Result>(
      { intent: values.intent, errors: fieldErrorsOf(form.error), values: typed },
      400,
    );
  }
  const input = form.data;
  const db = await getDatabase();
  const actor = { id: admin.id, ip: clientIp(request) };
  if (input.intent === "agency") {
    await saveAgencyParty(db, { legalName: input.legalName, cnpj: input.cnpj }, actor);
    return data<Result>({ intent: "agency", done: "agency" });
  }
  const unknown = unknownVariables(input.body);
  if (unknown.length) {
    return data<Result>(
      {
        intent: input.intent,
        errors: { body: "contracts.errors.unknownVariables" },
        unknown,
        values: typed,
      },
      400,
    );
  }
  if (input.intent === "preview") {
    const { t } = pageContext(request);
    return data<Result>({
      intent: "preview",
      values: typed,
      preview: {
        title: input.title,
        blocks: contractBlocks(
          fillContract(input.body, sampleValues(input.language, await agencyParty(db), t)),
        ),
      },
    });
  }
  const version = await saveTemplate(
    db,
    {
      language: input.language,
      title: input.title,
      body: input.body,
      publish: input.intent === "publish",
    },
    actor,
  );
  return data<Result>({
    intent: input.intent,
    done: version ? "published" : "saved",
    version: version ?? undefined,
  });
}

export default function ContractTemplates({ loaderData, actionData }: Route.ComponentProps) {
  return <ContractTemplatesScreen {...loaderData} result={actionData as Result | undefined} />;
}
