import { data, redirect, useNavigation } from "react-router";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { receivePhoto } from "#app/features/content/photos.server.ts";
import { formatPhoneNumber } from "#app/features/preselection/phone.ts";
import { ProfileForm, type ProfileResult } from "#app/features/managers/profile-form.tsx";
import {
  profileForm,
  readStaffProfile,
  saveStaffProfile,
} from "#app/features/managers/profile.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { MAX_IMAGE_UPLOAD_BYTES } from "#app/utils/body-limit.server.ts";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/profile";

/** /admin/profile: her own profile, as the models she manages see it (issue 29). */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminProfile");
  const profile = await readStaffProfile(await getDatabase(), viewer.id);
  if (!profile) throw data(null, { status: 404 });
  const { t, strings } = pageContext(request);
  return {
    strings: strings("manager", "admin-images"),
    title: pageTitle(t("manager.profile.title")),
    // Her number as people write it; the form reads it back to E.164.
    profile: { ...profile, whatsapp: profile.whatsapp && formatPhoneNumber(profile.whatsapp) },
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * Saves her own profile, nobody else's: the row is the signed-in user's, whatever the form
 * carries. The photo is checked and encoded before anything is written; refused, nothing is,
 * and the form comes back with what she typed.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminProfile");
  const form = await parseForm(request, profileForm, { bytes: MAX_IMAGE_UPLOAD_BYTES });
  if (form.crossSite) return data<ProfileResult>({ errors: { form: "validation.crossSite" } }, 403);
  const values = form.values;
  if (!form.success) return data<ProfileResult>({ errors: fieldErrorsOf(form.error), values }, 400);
  const { photo: file, consent, ...input } = form.data;
  if (file && !consent) {
    return data<ProfileResult>(
      { errors: { photo: "manager.profile.errors.consent" }, values },
      400,
    );
  }
  // Her consent is checked above, in her own words: the pipeline is asked only to encode.
  const received = await receivePhoto(file, {
    consent: null,
    shape: "portrait",
    signal: request.signal,
  });
  if (!received.ok) {
    return data<ProfileResult>({ errors: { photo: received.error }, values }, received.status);
  }
  await saveStaffProfile(
    await getDatabase(),
    { id: viewer.id, ip: clientIp(request) },
    input,
    received.encoded,
  );
  // A fresh GET: a reload does not send the photo again.
  throw redirect("/admin/profile?saved=1", 303);
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("manager.profile.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-600">{t("manager.profile.intro")}</p>
      <ProfileForm
        profile={loaderData.profile}
        saved={loaderData.saved && !actionData}
        result={actionData ?? null}
        busy={navigation.state === "submitting"}
      />
    </>
  );
}
