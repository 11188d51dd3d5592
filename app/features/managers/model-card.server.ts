import { and, eq, inArray } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import { images, staffProfiles, submissions, user } from "#app/db/schema.server.ts";
import { photoColumnsOf, photoOf } from "#app/features/content/photos.server.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, type Language } from "#app/i18n/languages.ts";
import { firstNameOf } from "#app/mail/templates.server.ts";
import { isE164, whatsappLink } from "#app/utils/whatsapp.ts";
import { managerRoles } from "./profile.ts";

/** What the model's dashboard shows of her talent manager. */
export type ManagerCard =
  | { state: "none" }
  | {
      state: "assigned";
      firstName: string;
      photo: StoredImage | null;
      introduction: string;
      /** wa.me with her stored number; null when she has none. */
      whatsapp: string | null;
    };

/**
 * Her talent manager, when her latest application (the caller passes it: one of her own) is
 * approved: first name, photo, introduction in her language (else Portuguese, else any), and
 * the WhatsApp link built from the number stored in the manager's profile, E.164 checked again
 * here, never from anything the request carries. Null when she is not approved.
 */
export async function managerCardFor(
  db: Reader,
  latest: { id: number; status: string } | undefined,
  language: Language,
): Promise<ManagerCard | null> {
  if (!latest || latest.status !== "Aprovado") return null;
  const [row] = await db
    .select({
      accountName: user.name,
      displayName: staffProfiles.displayName,
      whatsapp: staffProfiles.whatsapp,
      introduction: staffProfiles.introduction,
      consentAt: staffProfiles.photoConsentAt,
      photo: photoColumnsOf,
    })
    .from(submissions)
    // A manager whose account was stopped or who is no longer staff is no one to write to.
    .innerJoin(
      user,
      and(
        eq(user.id, submissions.managerId),
        inArray(user.role, managerRoles),
        eq(user.disabled, false),
      ),
    )
    .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
    .leftJoin(images, eq(images.id, staffProfiles.photoImageId))
    .where(eq(submissions.id, latest.id));
  if (!row) return { state: "none" };
  const firstName = firstNameOf(row.displayName ?? row.accountName);
  const texts = row.introduction ?? {};
  const introduction =
    texts[language] || texts[defaultLanguage] || Object.values(texts).find(Boolean) || "";
  const t = getFixedT(language);
  return {
    state: "assigned",
    firstName,
    // Only a photo she consented to (the consent is written with it).
    photo: row.consentAt ? photoOf(row.photo) : null,
    introduction,
    whatsapp: isE164(row.whatsapp)
      ? whatsappLink(row.whatsapp, t("manager.card.whatsappText", { name: firstName }))
      : null,
  };
}
