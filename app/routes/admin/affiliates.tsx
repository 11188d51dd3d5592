import { data, redirect } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { PageLinkError, Pager } from "#app/components/ui/pager.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { listAffiliates } from "#app/features/affiliates/admin-affiliates.server.ts";
import {
  affiliateStatusValues,
  programSettingsForm,
  ruleForm,
  type AffiliateStatusValue,
} from "#app/features/affiliates/admin-forms.ts";
import { programSettings } from "#app/features/affiliates/entry-state.server.ts";
import {
  ProgramSection,
  type ProgramFormResult,
} from "#app/features/affiliates/program-section.tsx";
import { rulesOf, saveProgramSettings, saveRule } from "#app/features/affiliates/rules.server.ts";
import { describeRule } from "#app/features/affiliates/rules.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { z } from "zod";
import { AffiliateFilters, AffiliatesTable } from "#app/features/affiliates/affiliate-list.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import { storableText } from "#app/utils/text.ts";
import type { Route } from "./+types/affiliates";
import { cursorParam, readCursor } from "#app/utils/keyset.ts";

const isStatus = (value: unknown): value is AffiliateStatusValue =>
  affiliateStatusValues.includes(value as AffiliateStatusValue);

/**
 * /admin/afiliados: the program's rule and settings, and every affiliate with her referrals,
 * approvals and money (product.md section 4). Approvers and admins read it; an admin changes the
 * program here and an affiliate on her page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminAffiliates");
  const url = new URL(request.url);
  const search = storableText((url.searchParams.get("q") ?? "").trim().slice(0, 100));
  const status = url.searchParams.get("status");
  const { cursor: before, invalid: badPageLink } = readCursor(url.searchParams.get("after"));
  const page = await listAffiliates(await getDatabase(), {
    search: search || undefined,
    status: isStatus(status) ? status : undefined,
    before,
    limit: 50,
  });
  const { t, language, strings } = pageContext(request);
  const db = await getDatabase();
  const [{ program }, settings] = await Promise.all([rulesOf(db, null), programSettings(db)]);
  // A malformed `after`: the first page, her search kept, and a 400.
  return data(
    {
      strings: strings("admin-affiliates", "affiliate-program"),
      program,
      programText: describeRule(program, t, language),
      settings,
      canEdit: viewer.role === "admin",
      saved: url.searchParams.get("notice") === "program",
      title: pageTitle(t("admin.affiliates.title")),
      search,
      status: isStatus(status) ? status : "",
      rows: page.rows,
      next: cursorParam(page.next),
      paged: Boolean(before),
      badPageLink,
    },
    { status: badPageLink ? 400 : 200 },
  );
}

const programForm = z.object({ rule: ruleForm, settings: programSettingsForm });

/** An admin saves the program's rule and its settings; each change logged with its before. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminAffiliates");
  const form = await parseForm(request, z.record(z.string(), z.string()));
  if (form.crossSite) return data<ProgramFormResult>({ error: "validation.crossSite" }, 403);
  const posted = form.values as Record<string, string | undefined>;
  const field = (name: string) => (posted[name] ?? "").slice(0, 100);
  const values = Object.fromEntries(
    ["milestone", "fixed", "share", "months", "holdDays", "minimum"].map((name) => [
      name,
      field(name),
    ]),
  );
  const parsed = programForm.safeParse({
    rule: {
      milestone: values.milestone,
      fixed: values.fixed,
      share: values.share,
      months: values.months,
    },
    settings: { holdDays: values.holdDays, minimum: values.minimum },
  });
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(
      parsed.error.issues
        .map((issue) => [String(issue.path.at(-1) ?? ""), issue.message])
        .reverse(),
    );
    return data<ProgramFormResult>({ fieldErrors, values }, 400);
  }
  const actor = { id: viewer.id, ip: clientIp(request) };
  const db = await getDatabase();
  await saveRule(db, { affiliateId: null, rule: parsed.data.rule, actor });
  await saveProgramSettings(db, {
    settings: {
      holdDays: parsed.data.settings.holdDays,
      minimumPayoutCents: parsed.data.settings.minimum,
    },
    actor,
  });
  throw redirect("/admin/afiliados?notice=program#program");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Affiliates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, search, status, next, paged } = loaderData;
  const params = { ...(search ? { q: search } : {}), ...(status ? { status } : {}) };
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...params, ...extra })}`;
  const filtered = Boolean(search || status);
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.affiliates.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("admin.affiliates.intro")}</p>

      <AffiliateFilters search={search} status={status} />
      {loaderData.badPageLink ? <PageLinkError>{t("admin.badPageLink")}</PageLinkError> : null}

      <p aria-live="polite" className="mt-4 text-sm text-ink-600">
        {rows.length === 0
          ? filtered
            ? t("admin.affiliates.noMatch")
            : t("admin.affiliates.empty")
          : t("admin.affiliates.shown", { count: rows.length })}
      </p>

      {rows.length ? <AffiliatesTable rows={rows} /> : null}

      <Pager
        label={t("admin.affiliates.pages")}
        firstHref={paged ? query({}) : null}
        nextHref={next ? query({ after: next }) : null}
        firstLabel={t("admin.affiliates.first")}
        nextLabel={t("admin.affiliates.next")}
      />

      {/* The program's rule is set once in a while; the affiliates and their money come first. */}
      <ProgramSection
        rule={loaderData.program}
        ruleText={loaderData.programText}
        settings={loaderData.settings}
        canEdit={loaderData.canEdit}
        result={actionData}
        saved={loaderData.saved}
      />
    </>
  );
}
