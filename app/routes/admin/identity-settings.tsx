import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { MAX_IDENTITY_IMAGE_DAYS, MIN_IDENTITY_IMAGE_DAYS } from "#app/features/identity/limits.ts";
import {
  readIdentityImageDays,
  saveIdentityImageDays,
} from "#app/features/identity/retention.server.ts";
import {
  IdentityImagesSection,
  type IdentitySettingResult,
} from "#app/features/identity/settings-section.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/identity-settings";

/*
 * /admin/privacy/identity (admins; issue 30): how many days identity photos are kept after a
 * reviewer's answer. The privacy screen shows the form; a save goes back there, a refusal is
 * answered here with what was typed.
 */

const daysForm = z.object({
  days: z
    .string()
    .regex(/^\d{1,4}$/, "identity.settings.invalid")
    .transform(Number)
    .refine(
      (days) => days >= MIN_IDENTITY_IMAGE_DAYS && days <= MAX_IDENTITY_IMAGE_DAYS,
      "identity.settings.invalid",
    ),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminIdentitySettings");
  const { t, strings } = pageContext(request);
  return {
    strings: strings("identity", "auth-errors"),
    title: pageTitle(t("identity.settings.title")),
    setting: await readIdentityImageDays(await getDatabase()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminIdentitySettings");
  const form = await parseForm(request, daysForm);
  if (form.crossSite) {
    return data<IdentitySettingResult>({ error: "validation.crossSite", value: "" }, 403);
  }
  if (!form.success) {
    const value = String(form.values.days ?? "").slice(0, 20);
    return data<IdentitySettingResult>({ error: "identity.settings.invalid", value }, 400);
  }
  await saveIdentityImageDays(await getDatabase(), form.data.days, {
    id: viewer.id,
    ip: clientIp(request),
  });
  return redirect("/admin/privacy?saved=identity#identity-images", 303);
}

export default function IdentitySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("identity.settings.title")}</h1>
      <div className="mt-6 max-w-2xl">
        <IdentityImagesSection setting={loaderData.setting} result={actionData} />
      </div>
    </>
  );
}
