import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import { images, staffProfiles, user } from "#app/db/schema.server.ts";
import {
  checkbox,
  deletePhoto,
  noPhoto,
  photoColumnsOf,
  photoField,
  photoOf,
  storePhoto,
  type Encoded,
} from "#app/features/content/photos.server.ts";
import { normalizePhoneNumber } from "#app/features/preselection/phone.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { formText } from "#app/utils/form-text.ts";
import { normalizeMeetingLink } from "./meeting-link.ts";
import { PROFILE_LIMITS, type IntroductionField } from "./profile.ts";

/*
 * A staff member's own profile (issue 29): the name, photo, WhatsApp number, meeting link and
 * introduction the models she manages see. She edits it herself; nobody edits another's. The
 * booking rules of the same row (call length, buffer, horizon, notice) belong to the
 * availability screen and are never written here.
 */

const errors = {
  required: "manager.profile.errors.nameRequired",
  tooLong: "manager.profile.errors.tooLong",
};

/** The agency is in Brazil: a number typed without its +code is read as a Brazilian one. */
const HOME_COUNTRY = "BR";

const introductionFields = Object.fromEntries(
  languages.map(({ code }) => [
    `intro-${code}`,
    formText(
      PROFILE_LIMITS.introduction,
      { tooLong: "manager.profile.errors.introTooLong" },
      {
        lines: true,
      },
    ),
  ]),
) as Record<IntroductionField, ReturnType<typeof formText>>;

/** The profile form, as the browser sends it (multipart: the photo comes with it). */
export const profileForm = z.object({
  displayName: formText(PROFILE_LIMITS.displayName, errors),
  // Empty is none; anything else must be a number WhatsApp knows, stored in E.164.
  whatsapp: z
    .string()
    .max(40, "manager.profile.errors.whatsapp")
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return null;
      const number = normalizePhoneNumber(value, HOME_COUNTRY);
      if (!number) {
        context.addIssue({ code: "custom", message: "manager.profile.errors.whatsapp" });
        return z.NEVER;
      }
      return number;
    }),
  meetingUrl: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return null;
      const link = normalizeMeetingLink(value, PROFILE_LIMITS.meetingUrl);
      if (!link) {
        context.addIssue({ code: "custom", message: "manager.profile.errors.meetingUrl" });
        return z.NEVER;
      }
      return link;
    }),
  ...introductionFields,
  photo: photoField,
  consent: checkbox,
  removePhoto: checkbox,
});

export type ProfileInput = z.output<typeof profileForm>;

export interface StaffProfile {
  displayName: string;
  whatsapp: string | null;
  meetingUrl: string | null;
  introduction: Record<Language, string>;
  photo: { image: StoredImage; consentAt: string } | null;
  /** Never saved yet: the form starts from her account's name. */
  fresh: boolean;
}

const introductionOf = (stored: Record<string, string> | null | undefined) =>
  Object.fromEntries(languages.map(({ code }) => [code, stored?.[code] ?? ""])) as Record<
    Language,
    string
  >;

/** Her profile as her form shows it (her account's name until she saves one). */
export async function readStaffProfile(db: Reader, userId: string): Promise<StaffProfile | null> {
  const [row] = await db
    .select({
      accountName: user.name,
      displayName: staffProfiles.displayName,
      whatsapp: staffProfiles.whatsapp,
      meetingUrl: staffProfiles.meetingUrl,
      introduction: staffProfiles.introduction,
      consentAt: staffProfiles.photoConsentAt,
      photo: photoColumnsOf,
    })
    .from(user)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
    .leftJoin(images, eq(images.id, staffProfiles.photoImageId))
    .where(eq(user.id, userId));
  if (!row) return null;
  const image = photoOf(row.photo);
  return {
    displayName: row.displayName ?? row.accountName,
    whatsapp: row.whatsapp ?? null,
    meetingUrl: row.meetingUrl ?? null,
    introduction: introductionOf(row.introduction),
    photo: image && row.consentAt ? { image, consentAt: row.consentAt.toISOString() } : null,
    fresh: row.displayName === null,
  };
}

/**
 * Saves her profile, the photo with it (already checked and encoded: receivePhoto), in one
 * transaction: a new photo replaces the old one, which is deleted with its variants; "remove
 * photo" deletes it. Her consent is her own: she is the one in the picture and the one sending it.
 */
export async function saveStaffProfile(
  db: Database,
  actor: Actor,
  input: Omit<ProfileInput, "photo" | "consent">,
  photo: Encoded | null,
) {
  const introduction = Object.fromEntries(
    languages
      .map(({ code }) => [code, input[`intro-${code}`]] as const)
      .filter(([, text]) => text.length > 0),
  );
  const fields = {
    displayName: input.displayName,
    whatsapp: input.whatsapp,
    meetingUrl: input.meetingUrl,
    introduction,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ photoImageId: staffProfiles.photoImageId })
      .from(staffProfiles)
      .where(eq(staffProfiles.userId, actor.id))
      .for("update");
    const newPhoto = photo ? await storePhoto(tx, actor, photo) : input.removePhoto ? noPhoto : {};
    await tx
      .insert(staffProfiles)
      .values({ userId: actor.id, ...fields, ...newPhoto })
      .onConflictDoUpdate({ target: staffProfiles.userId, set: { ...fields, ...newPhoto } });
    if ((photo || input.removePhoto) && before?.photoImageId) {
      await deletePhoto(tx, before.photoImageId);
    }
  });
}
