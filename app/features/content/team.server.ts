import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database } from "#app/db/db.server.ts";
import { images, teamMembers } from "#app/db/schema.server.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import { languages, type Language } from "#app/i18n/languages.ts";
import { fieldErrorsOf, type FieldErrors } from "#app/utils/field-errors.ts";
import { formText } from "#app/utils/form-text.ts";
import { bumpContentVersion, forgetContent } from "./content-version.server.ts";
import {
  deletePhoto,
  noPhoto,
  photoColumnsOf,
  photoOf,
  storePhoto,
  type Encoded,
} from "./photos.server.ts";

/**
 * The agency's team (Admin › Content › Team): one list for every language, each member's name
 * and photo shared, what she does written in the six languages. The home page shows the
 * section only when the list has someone in it.
 */

/** A member as the home page shows her in a language. */
export interface TeamMember {
  id: number;
  name: string;
  role: string;
  photo: StoredImage | null;
}

export const TEAM_LIMITS = { name: 80, role: 80 } as const;

export type TeamField = "name" | `role-${Language}`;

const errors = {
  required: "admin.content.errors.required",
  tooLong: "admin.content.errors.tooLong",
};

const memberForm = () =>
  z.object({
    name: formText(TEAM_LIMITS.name, errors),
    ...(Object.fromEntries(
      languages.map(({ code }) => [`role-${code}`, formText(TEAM_LIMITS.role, errors)]),
    ) as Record<`role-${Language}`, ReturnType<typeof formText>>),
  });

function rolesOf(data: Record<string, string>): Record<Language, string> {
  return Object.fromEntries(
    languages.map(({ code }) => [code, data[`role-${code}`] ?? ""]),
  ) as Record<Language, string>;
}

const query = (db: Pick<Database, "select">) =>
  db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      roles: teamMembers.roles,
      consentBy: teamMembers.photoConsentByName,
      consentAt: teamMembers.photoConsentAt,
      photo: photoColumnsOf,
    })
    .from(teamMembers)
    .leftJoin(images, eq(images.id, teamMembers.photoImageId))
    .orderBy(asc(teamMembers.position), asc(teamMembers.id));

/** The team in a language, in the agency's order (read through homeContent's memo). */
export async function teamForPages(db: Database, language: Language): Promise<TeamMember[]> {
  const rows = await query(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.roles[language] ?? "",
    photo: photoOf(row.photo),
  }));
}

/** The team as the content screen lists it: every role, the photo and its consent. */
export async function listTeam(db: Database) {
  const rows = await query(db);
  return rows.map(({ photo, consentBy, consentAt, roles, ...row }) => {
    const image = photoOf(photo);
    return {
      ...row,
      roles: Object.fromEntries(languages.map(({ code }) => [code, roles[code] ?? ""])) as Record<
        Language,
        string
      >,
      photo: image && { image, consentBy, consentAt: consentAt! },
    };
  });
}

export type TeamChange = "edit" | "up" | "down" | "delete" | "removePhoto";
type TeamResult = { ok: true } | { ok: false; errors: FieldErrors<TeamField | "form"> };
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function changed(
  tx: Tx,
  actor: Actor,
  id: number,
  change: "add" | "edit" | "move" | "delete" | "removePhoto",
  photo: boolean,
) {
  await recordAccess(tx, "content.home", {
    actor,
    subject: `team-member:${id}`,
    details: {
      kind: "team",
      language: "all",
      change,
      ...(photo ? { photo: "stored with consent" as const } : {}),
    },
  });
  await bumpContentVersion(tx);
}

export async function addTeamMember(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
  photo: Encoded | null = null,
): Promise<TeamResult> {
  const parsed = memberForm().safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  await db.transaction(async (tx) => {
    // One list: a lock on the table's rows would miss a member added at the same time.
    await tx.execute(sql`lock table team_members in share row exclusive mode`);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${teamMembers.position}), -1)` })
      .from(teamMembers);
    const [member] = await tx
      .insert(teamMembers)
      .values({
        position: Number(last?.position ?? -1) + 1,
        name: parsed.data.name,
        roles: rolesOf(parsed.data),
        updatedBy: actor.id,
        ...(photo ? await storePhoto(tx, actor, photo) : {}),
      })
      .returning({ id: teamMembers.id });
    await changed(tx, actor, member!.id, "add", photo !== null);
  });
  forgetContent();
  return { ok: true };
}

export async function changeTeamMember(
  db: Database,
  actor: Actor,
  id: number,
  change: TeamChange,
  input: Record<string, unknown> = {},
  photo: Encoded | null = null,
): Promise<TeamResult> {
  const parsed = change === "edit" ? memberForm().safeParse(input) : null;
  if (parsed && !parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  if (photo && change !== "edit")
    return { ok: false, errors: { form: "admin.content.errors.invalid" } };
  const done = await db.transaction(async (tx) => {
    if (change === "up" || change === "down") {
      await tx.execute(sql`lock table team_members in share row exclusive mode`);
    }
    const [member] = await tx
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.id, id))
      .for("update");
    if (!member) return false;
    const where = eq(teamMembers.id, id);
    const stamp = { updatedAt: new Date(), updatedBy: actor.id };
    if (change === "edit" && parsed?.success) {
      const newPhoto = photo ? await storePhoto(tx, actor, photo) : {};
      await tx
        .update(teamMembers)
        .set({ name: parsed.data.name, roles: rolesOf(parsed.data), ...stamp, ...newPhoto })
        .where(where);
      if (photo) await deletePhoto(tx, member.photoImageId);
    } else if (change === "removePhoto") {
      await tx
        .update(teamMembers)
        .set({ ...noPhoto, ...stamp })
        .where(where);
      await deletePhoto(tx, member.photoImageId);
    } else if (change === "delete") {
      await tx.delete(teamMembers).where(where);
      await deletePhoto(tx, member.photoImageId);
    } else if (change === "up" || change === "down") {
      const order = (await query(tx)).map((row) => row.id);
      const index = order.indexOf(id);
      const swap = change === "up" ? index - 1 : index + 1;
      if (swap < 0 || swap >= order.length) return true;
      [order[index], order[swap]] = [order[swap]!, order[index]!];
      for (const [position, memberId] of order.entries()) {
        await tx.update(teamMembers).set({ position }).where(eq(teamMembers.id, memberId));
      }
    }
    const logged = change === "up" || change === "down" ? "move" : change;
    await changed(tx, actor, id, logged, photo !== null);
    return true;
  });
  if (!done) return { ok: false, errors: { form: "admin.content.errors.notFound" } };
  forgetContent();
  return { ok: true };
}
