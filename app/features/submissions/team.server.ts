import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader } from "#app/db/db.server.ts";
import {
  submissionRatings,
  submissions,
  submissionTags,
  tags,
  user,
} from "#app/db/schema.server.ts";
import type { TagColour } from "#app/db/tag-colours.ts";

/*
 * Working on an application as a team (issue 28): its owner, its tags and each reviewer's rating.
 * The routes check who may (app/auth/permissions.ts); these check what: an owner is active
 * staff, a tag exists, a rating is 1 to 5.
 */

export interface Tag {
  id: number;
  name: string;
  colour: TagColour;
}

export interface StaffMember {
  id: string;
  name: string;
}

/** Who may own an application: approvers and admins whose accounts are enabled, by name. */
export function listStaff(db: Reader): Promise<StaffMember[]> {
  return db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(and(inArray(user.role, ["approver", "admin"]), eq(user.disabled, false)))
    .orderBy(asc(user.name), asc(user.id))
    .limit(500);
}

export type AssignOutcome = "assigned" | "missing" | "not-staff";

/**
 * Gives the application to a staff member, or to nobody (null), and records who did it in the
 * access log, in one transaction. An erased application still has an owner to hand back.
 */
export async function assignOwner(
  db: Database,
  input: { submissionId: number; ownerId: string | null; actor: Actor },
): Promise<AssignOutcome> {
  return db.transaction(async (tx) => {
    let owner: StaffMember | null = null;
    if (input.ownerId) {
      const [found] = await tx
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(
          and(
            eq(user.id, input.ownerId),
            inArray(user.role, ["approver", "admin"]),
            eq(user.disabled, false),
          ),
        );
      if (!found) return "not-staff";
      owner = found;
    }
    // Locked, so two reviewers taking it at once are logged in the order they took it.
    const [before] = await tx
      .select({ ownerId: submissions.ownerId })
      .from(submissions)
      .where(eq(submissions.id, input.submissionId))
      .for("update");
    if (!before) return "missing";
    if (before.ownerId === (owner?.id ?? null)) return "assigned";
    const [previous] = before.ownerId
      ? await tx.select({ name: user.name }).from(user).where(eq(user.id, before.ownerId))
      : [];
    await tx
      .update(submissions)
      .set({ ownerId: owner?.id ?? null })
      .where(eq(submissions.id, input.submissionId));
    await recordAccess(tx, "submission.owner", {
      actor: input.actor,
      subject: `submission:${input.submissionId}`,
      details: {
        from: previous?.name ?? null,
        to: owner?.name ?? null,
        ownerId: owner?.id ?? null,
      },
    });
    return "assigned";
  });
}

/** Every tag, by name: the settings screen, the filter and the pickers. */
export function listTags(db: Reader): Promise<Tag[]> {
  return db
    .select({ id: tags.id, name: tags.name, colour: tags.colour })
    .from(tags)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
    .limit(500);
}

export type TagOutcome = "saved" | "taken" | "missing";

/** The admin's changes to the tags are settings edits: each is in the access log with it. */
export async function createTag(
  db: Database,
  input: { name: string; colour: TagColour; actor: Actor },
): Promise<TagOutcome> {
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(tags)
      .values({ name: input.name, colour: input.colour })
      .onConflictDoNothing()
      .returning({ id: tags.id });
    if (!created.length) return "taken";
    await recordAccess(tx, "settings.tags", {
      actor: input.actor,
      subject: `tag:${created[0]!.id}`,
      details: { change: "create", name: input.name, colour: input.colour },
    });
    return "saved";
  });
}

export async function updateTag(
  db: Database,
  input: { id: number; name: string; colour: TagColour; actor: Actor },
): Promise<TagOutcome> {
  const [clash] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(sql`lower(${tags.name}) = lower(${input.name})`, sql`${tags.id} <> ${input.id}`));
  if (clash) return "taken";
  try {
    return await db.transaction(async (tx) => {
      const updated = await tx
        .update(tags)
        .set({ name: input.name, colour: input.colour })
        .where(eq(tags.id, input.id))
        .returning({ id: tags.id });
      if (!updated.length) return "missing";
      await recordAccess(tx, "settings.tags", {
        actor: input.actor,
        subject: `tag:${input.id}`,
        details: { change: "update", name: input.name, colour: input.colour },
      });
      return "saved";
    });
  } catch (error) {
    // Renamed at the same moment by someone else to the same name: the unique index decides.
    if ((error as { code?: string }).code === "23505") return "taken";
    throw error;
  }
}

/** Deletes a tag and, by cascade, takes it off every application. */
export async function deleteTag(db: Database, id: number, actor: Actor): Promise<TagOutcome> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(tags)
      .where(eq(tags.id, id))
      .returning({ id: tags.id, name: tags.name });
    if (!deleted.length) return "missing";
    await recordAccess(tx, "settings.tags", {
      actor,
      subject: `tag:${id}`,
      details: { change: "delete", name: deleted[0]!.name },
    });
    return "saved";
  });
}

export type TaggingOutcome = { outcome: "tagged"; count: number } | { outcome: "unknown-tag" };

/**
 * Puts a tag on applications, in one statement (all of them or none): those already carrying it
 * and erased or unknown ids are left as they are. The count is of the ones tagged now.
 */
export async function tagApplications(
  db: Database,
  input: { ids: number[]; tagId: number; actorId: string },
): Promise<TaggingOutcome> {
  const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, input.tagId));
  if (!tag) return { outcome: "unknown-tag" };
  if (!input.ids.length) return { outcome: "tagged", count: 0 };
  const added = await db
    .insert(submissionTags)
    .select(
      db
        .select({
          submissionId: submissions.id,
          tagId: sql<number>`${tag.id}::bigint`.as("tag_id"),
          addedBy: sql<string>`${input.actorId}`.as("added_by"),
          addedAt: sql<Date>`now()`.as("added_at"),
        })
        .from(submissions)
        .where(and(inArray(submissions.id, input.ids), isNull(submissions.erasedAt))),
    )
    .onConflictDoNothing()
    .returning({ id: submissionTags.submissionId });
  return { outcome: "tagged", count: added.length };
}

/** Takes a tag off an application (nothing happens if it had none). */
export async function untagApplication(
  db: Database,
  input: { submissionId: number; tagId: number },
) {
  await db
    .delete(submissionTags)
    .where(
      and(
        eq(submissionTags.submissionId, input.submissionId),
        eq(submissionTags.tagId, input.tagId),
      ),
    );
}

export type RatingOutcome = "rated" | "missing";

/** Her rating of an application, 1 to 5, or none (null takes hers away). One per reviewer. */
export async function rateApplication(
  db: Database,
  input: { submissionId: number; userId: string; stars: number | null },
): Promise<RatingOutcome> {
  if (input.stars === null) {
    await db
      .delete(submissionRatings)
      .where(
        and(
          eq(submissionRatings.submissionId, input.submissionId),
          eq(submissionRatings.userId, input.userId),
        ),
      );
    return "rated";
  }
  const [application] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.id, input.submissionId), isNull(submissions.erasedAt)));
  if (!application) return "missing";
  await db
    .insert(submissionRatings)
    .values({ submissionId: input.submissionId, userId: input.userId, stars: input.stars })
    .onConflictDoUpdate({
      target: [submissionRatings.submissionId, submissionRatings.userId],
      set: { stars: input.stars, updatedAt: sql`now()` },
    });
  return "rated";
}

/** What the team made of an application: shown in a list row and on its page. */
export interface ApplicationTeam {
  owner: StaffMember | null;
  tags: Tag[];
  /** The average of the reviewers' ratings (null when none), how many, and hers. */
  rating: { average: number | null; count: number; mine: number | null };
}

/**
 * The team's data of a page of applications, in one query whatever the page's size: the owner
 * by primary key, and the tags and ratings of each row through their tables' primary keys.
 */
export async function teamOf(
  db: Reader,
  ids: readonly number[],
  viewerId: string,
): Promise<Map<number, ApplicationTeam>> {
  const team = new Map<number, ApplicationTeam>();
  if (!ids.length) return team;
  const rows = await db
    .select({
      id: submissions.id,
      ownerId: submissions.ownerId,
      ownerName: user.name,
      tags: sql<Tag[]>`coalesce((
        select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'colour', ${tags.colour}) order by lower(${tags.name}), ${tags.id})
        from ${submissionTags} join ${tags} on ${tags.id} = ${submissionTags.tagId}
        where ${submissionTags.submissionId} = ${submissions.id}
      ), '[]'::json)`,
      average: sql<
        string | null
      >`(select round(avg(${submissionRatings.stars}), 1)::text from ${submissionRatings} where ${submissionRatings.submissionId} = ${submissions.id})`,
      count: sql<number>`(select count(*)::int from ${submissionRatings} where ${submissionRatings.submissionId} = ${submissions.id})`,
      mine: sql<
        number | null
      >`(select ${submissionRatings.stars} from ${submissionRatings} where ${submissionRatings.submissionId} = ${submissions.id} and ${submissionRatings.userId} = ${viewerId})`,
    })
    .from(submissions)
    .leftJoin(user, eq(user.id, submissions.ownerId))
    .where(inArray(submissions.id, [...ids]));
  for (const row of rows) {
    // PGlite hands json back parsed, the PostgreSQL driver as text in some setups.
    const rowTags = typeof row.tags === "string" ? (JSON.parse(row.tags) as Tag[]) : row.tags;
    team.set(row.id, {
      owner: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? "" } : null,
      tags: rowTags.map((tag) => ({ ...tag, id: Number(tag.id) })),
      rating: {
        average: row.average === null ? null : Number(row.average),
        count: Number(row.count),
        mine: row.mine === null ? null : Number(row.mine),
      },
    });
  }
  return team;
}

/** One application's team data (its page). */
export async function applicationTeam(db: Reader, id: number, viewerId: string) {
  return (await teamOf(db, [id], viewerId)).get(id) ?? null;
}
