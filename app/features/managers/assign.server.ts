import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import {
  onboardingEvents,
  staffProfiles,
  submissionOnboardingSteps as herSteps,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { tellManager, tellModel } from "./mails.server.ts";
import { managerRoles } from "./profile.ts";

/*
 * Her talent manager (issue 29, product.md section 8): an approver or an admin whose account is
 * in use, assigned to an approved application from its page or in bulk from the list. The route
 * checks who may assign (app/auth/permissions.ts); this checks whom and what.
 */

export interface Manager {
  id: string;
  /** Her profile's display name, else her account's name. */
  name: string;
}

const nameOf = sql<string>`coalesce(${staffProfiles.displayName}, ${user.name})`;

/** The approvers and admins in use, by the name the models see. */
export async function listManagers(db: Reader): Promise<Manager[]> {
  return db
    .select({ id: user.id, name: nameOf })
    .from(user)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
    .where(and(inArray(user.role, managerRoles), eq(user.disabled, false)))
    .orderBy(asc(nameOf), asc(user.id))
    .limit(500);
}

/** An approved application's manager, by name, or null (the detail's panel). */
export async function managerOf(db: Reader, submissionId: number): Promise<Manager | null> {
  const [row] = await db
    .select({ id: user.id, name: nameOf })
    .from(submissions)
    .innerJoin(user, eq(user.id, submissions.managerId))
    .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
    .where(eq(submissions.id, submissionId));
  return row ?? null;
}

/**
 * The detail's panel: her manager and whom she may be given to, once she is approved (an erased
 * application has no one to look after); null otherwise.
 */
export async function managerPanelFor(
  db: Reader,
  application: { id: number; status: string; erasedAt: unknown },
  viewerId: string,
) {
  if (application.status !== "Aprovado" || application.erasedAt) return null;
  const [manager, managers] = await Promise.all([managerOf(db, application.id), listManagers(db)]);
  return { manager, managers, viewerId };
}

export type AssignManagerResult =
  | { outcome: "not-staff" }
  | {
      outcome: "assigned";
      /** The applications that got a new manager. */
      changed: number[];
      /** Those that already had her: nobody is told anything. */
      unchanged: number[];
      /** Not approved, erased, or no such application: left as they were. */
      skipped: number[];
    };

/**
 * Makes `managerId` the talent manager of the approved applications among `submissionIds`, in
 * one transaction: the applications' rows locked (two assignments at once are applied and
 * logged in turn), her open steps owned by nobody or by the previous manager handed to the new
 * one (one statement, an `owner` event per step moved), one access-log row per application,
 * and the mails queued: the model is told her new manager's first name, the new manager is
 * told by her notification preference. The same manager again changes and tells nothing.
 */
export async function assignManager(
  db: Database,
  input: { submissionIds: readonly number[]; managerId: string; actor: Actor },
): Promise<AssignManagerResult> {
  return db.transaction(async (tx) => {
    const [manager] = await tx
      .select({ id: user.id, name: nameOf, accountName: user.name })
      .from(user)
      .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
      .where(
        and(
          eq(user.id, input.managerId),
          inArray(user.role, managerRoles),
          eq(user.disabled, false),
        ),
      );
    if (!manager) return { outcome: "not-staff" };
    const ids = [...new Set(input.submissionIds)].sort((a, b) => a - b);
    if (ids.length === 0) return { outcome: "assigned", changed: [], unchanged: [], skipped: [] };
    // In id order, so two bulk assignments over the same rows never wait on each other in a cycle.
    const rows = await tx
      .select({
        id: submissions.id,
        managerId: submissions.managerId,
        fullName: submissions.fullName,
        email: submissions.email,
        language: submissions.language,
      })
      .from(submissions)
      .where(
        and(
          inArray(submissions.id, ids),
          eq(submissions.status, "Aprovado"),
          isNull(submissions.erasedAt),
        ),
      )
      .orderBy(asc(submissions.id))
      .for("update");
    const found = new Set(rows.map((row) => row.id));
    const skipped = ids.filter((id) => !found.has(id));
    const unchanged = rows.filter((row) => row.managerId === manager.id).map((row) => row.id);
    const changing = rows.filter((row) => row.managerId !== manager.id);
    if (changing.length === 0) return { outcome: "assigned", changed: [], unchanged, skipped };
    const changed = changing.map((row) => row.id);

    await handOverSteps(tx, changed, manager.id, input.actor.id);
    await tx
      .update(submissions)
      .set({ managerId: manager.id })
      .where(inArray(submissions.id, changed));

    const previousIds = [...new Set(changing.map((row) => row.managerId).filter(Boolean))];
    const previous = new Map(
      previousIds.length
        ? (
            await tx
              .select({ id: user.id, name: nameOf })
              .from(user)
              .leftJoin(staffProfiles, eq(staffProfiles.userId, user.id))
              .where(inArray(user.id, previousIds as string[]))
          ).map((row) => [row.id, row.name])
        : [],
    );
    for (const row of changing) {
      await recordAccess(tx, "submission.manager", {
        actor: input.actor,
        subject: `submission:${row.id}`,
        details: {
          from: row.managerId ? (previous.get(row.managerId) ?? null) : null,
          to: manager.name,
          managerId: manager.id,
        },
      });
      await tellModel(tx, {
        application: row,
        managerName: manager.name,
        first: row.managerId === null,
      });
    }
    // She assigned herself: she knows.
    if (manager.id !== input.actor.id) {
      await tellManager(tx, {
        managerId: manager.id,
        actorId: input.actor.id,
        applications: changing,
      });
    }
    return { outcome: "assigned", changed, unchanged, skipped };
  });
}

/**
 * Her open steps owned by nobody or by her previous manager go to the new one, in one statement
 * that also writes each move in the steps' history (detail: the new owner's id). Read before
 * submissions.manager_id changes: "previous" is the manager still stored. A step someone else
 * owns stays theirs: it was given to them on purpose.
 */
async function handOverSteps(
  tx: Transaction,
  submissionIds: readonly number[],
  managerId: string,
  actorId: string,
) {
  await tx.execute(sql`
    with moved as (
      update ${herSteps} as step
      set owner_id = ${managerId}
      from ${submissions} as application
      where application.id = step.submission_id
        and step.submission_id in (${sql.join(
          submissionIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        and step.state = 'todo'
        -- Nobody's, the previous manager's, or still the owner it was given at approval (no
        -- one chose her since): a step handed to someone on purpose stays hers.
        and (
          step.owner_id is null
          or step.owner_id = application.manager_id
          or not exists (
            select 1 from ${onboardingEvents} as chosen
            where chosen.submission_id = step.submission_id
              and chosen.step_id = step.step_id
              and chosen.action = 'owner'
          )
        )
        and step.owner_id is distinct from ${managerId}
      returning step.submission_id, step.step_id
    )
    insert into ${onboardingEvents} (submission_id, step_id, action, actor_id, detail)
    select submission_id, step_id, 'owner', ${actorId}, ${managerId} from moved
  `);
}
