import { data } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import {
  RetentionRunSection,
  RetentionSection,
  type PrivacyAdminResult as Result,
} from "#app/features/privacy/admin-retention.tsx";
import { PrivacyRequestsSection } from "#app/features/privacy/admin-requests.tsx";
import { MAX_RETENTION_MONTHS } from "#app/features/privacy/constants.ts";
import { recentPrivacyRequests } from "#app/features/privacy/requests.server.ts";
import {
  lastRetentionRun,
  readRetention,
  runRetention,
  saveRetention,
} from "#app/features/privacy/retention.server.ts";
import { readIdentityImageDays } from "#app/features/identity/retention.server.ts";
import { IdentityImagesSection } from "#app/features/identity/settings-section.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/privacy";

const RECENT = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminPrivacy");
  const { t, strings } = pageContext(request);
  const db = await getDatabase();
  const [retention, lastRun, requests, identityImages] = await Promise.all([
    readRetention(db),
    lastRetentionRun(db),
    recentPrivacyRequests(db, { limit: RECENT }),
    readIdentityImageDays(db),
  ]);
  return {
    strings: strings("admin-privacy", "auth-errors", "identity"),
    title: pageTitle(t("admin.privacy.title")),
    retention,
    lastRun,
    requests,
    // How long identity photos are kept (issue 30); its form posts to /admin/privacy/identity.
    identityImages: {
      setting: identityImages,
      saved: new URL(request.url).searchParams.get("saved") === "identity",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const retentionForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    // Whole months from 0 (keep until she asks) to ten years; an empty field is a mistake,
    // not a wish to keep forever: 0 says that, in so many words.
    months: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .refine((months) => months <= MAX_RETENTION_MONTHS),
  }),
  z.object({ intent: z.literal("run") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminPrivacy");
  const form = await parseForm(request, retentionForm);
  if (form.crossSite) {
    return data<Result>({ intent: "none", error: "validation.crossSite" }, 403);
  }
  if (!form.success) {
    if (form.values.intent !== "save") {
      return data<Result>({ intent: "none", error: "auth.errors.generic" }, 400);
    }
    const value = (form.values.months ?? "").trim().slice(0, 10);
    return data<Result>({ intent: "save", error: "admin.privacy.retention.invalid", value }, 400);
  }
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  if (form.data.intent === "save") {
    await saveRetention(db, form.data.months, actor);
    return data<Result>({ intent: "save", saved: true });
  }
  const result = await runRetention(db, { force: true, actor });
  return data<Result>({ intent: "run", ran: result.ran, erased: result.ran ? result.erased : 0 });
}

/** /admin/privacy: the retention period, its daily run, and the privacy requests. */
export default function AdminPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { retention, lastRun, requests } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.privacy.title")}</h1>
      <p className="mt-2 max-w-3xl text-ink-700">{t("admin.privacy.intro")}</p>
      {actionData?.intent === "none" ? (
        <div className="mt-6">
          <FormMessage tone="error">{t(actionData.error)}</FormMessage>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <RetentionSection retention={retention} result={actionData} />
        <RetentionRunSection lastRun={lastRun} off={retention.months === 0} result={actionData} />
        <IdentityImagesSection {...loaderData.identityImages} />
      </div>

      <PrivacyRequestsSection requests={requests} />
    </>
  );
}
