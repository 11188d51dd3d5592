import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import {
  onboardingSteps,
  submissionOnboardingSteps as herSteps,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { brasiliaToday } from "./steps.server.ts";

/*
 * The back office's "Onboarding" view (/admin/onboarding) and the dashboard's count of overdue
 * steps. A model is listed while she has a step left to do; her row is led by the step she has
 * been waiting on longest (the open step due first, among those the filter keeps), and the rows
 * come in that order, oldest first. The pages walk the open steps' partial indexes
 * (submission_onboarding_open_idx, _owner_idx): the steps done long ago and the applications
 * never approved are never read.
 */

export const BOARD_PAGE_SIZE = 25;

export interface BoardFilter {
  /** Only the steps this staff member owns (her "Mine", or anyone's by id); all when absent. */
  ownerId?: string;
  overdue?: boolean;
  /** The last row of the page before: its leading step's due day and her application's id. */
  after?: BoardCursor;
}

export interface BoardCursor {
  dueOn: string;
  id: number;
}

/** `after=2026-12-01~42` as the URL carries it; anything else is none (and `invalid`). */
export function readBoardCursor(value: string | null): {
  cursor: BoardCursor | undefined;
  invalid: boolean;
} {
  if (!value) return { cursor: undefined, invalid: false };
  const match = value.length <= 40 ? /^(\d{4}-\d{2}-\d{2})~([1-9]\d{0,14})$/.exec(value) : null;
  const day = match ? new Date(`${match[1]}T12:00:00Z`) : null;
  if (
    !match ||
    !day ||
    Number.isNaN(day.getTime()) ||
    day.toISOString().slice(0, 10) !== match[1]
  ) {
    return { cursor: undefined, invalid: true };
  }
  return { cursor: { dueOn: match[1]!, id: Number(match[2]) }, invalid: false };
}

export function boardCursorParam(cursor: BoardCursor | null) {
  return cursor ? `${cursor.dueOn}~${cursor.id}` : null;
}

const approvedAndKept = and(
  eq(submissions.status, "Aprovado"),
  sql`${submissions.erasedAt} is null`,
);

/** One page of the view, and the position of the next page (null on the last). */
export async function onboardingBoard(db: Reader, filter: BoardFilter) {
  const conditions: SQL[] = [eq(herSteps.state, "todo")];
  if (filter.ownerId) conditions.push(eq(herSteps.ownerId, filter.ownerId));
  if (filter.overdue) conditions.push(sql`${herSteps.dueOn} < ${brasiliaToday}`);
  const waiting = db
    .select({
      submissionId: herSteps.submissionId,
      dueOn: sql<string>`min(${herSteps.dueOn})`.as("waiting_due_on"),
    })
    .from(herSteps)
    .where(and(...conditions))
    .groupBy(herSteps.submissionId)
    .as("waiting");
  const page = await db
    .select({ id: waiting.submissionId, dueOn: sql<string>`${waiting.dueOn}::text` })
    .from(waiting)
    .innerJoin(submissions, eq(submissions.id, waiting.submissionId))
    .where(
      and(
        approvedAndKept,
        filter.after
          ? sql`(${waiting.dueOn}, ${waiting.submissionId}) > (${filter.after.dueOn}::date, ${filter.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(waiting.dueOn), asc(waiting.submissionId))
    .limit(BOARD_PAGE_SIZE + 1);
  const more = page.length > BOARD_PAGE_SIZE;
  const shown = page.slice(0, BOARD_PAGE_SIZE);
  const ids = shown.map((row) => row.id);
  if (ids.length === 0) return { rows: [], next: null };
  const manager = user;
  const [models, steps] = await Promise.all([
    db
      .select({
        id: submissions.id,
        fullName: submissions.fullName,
        manager: manager.name,
        approvedAt: sql<string>`(select max(h.created_at) from submission_status_history h where h.submission_id = ${submissions.id} and h.to_status = 'Aprovado' and h.undone_at is null)`,
      })
      .from(submissions)
      .leftJoin(manager, eq(manager.id, submissions.managerId))
      .where(inArray(submissions.id, ids)),
    db
      .select({
        submissionId: herSteps.submissionId,
        stepId: herSteps.stepId,
        titles: onboardingSteps.titles,
        position: herSteps.position,
        state: herSteps.state,
        ownerId: herSteps.ownerId,
        owner: user.name,
        dueOn: herSteps.dueOn,
        overdue: sql<boolean>`${herSteps.state} = 'todo' and ${herSteps.dueOn} < ${brasiliaToday}`,
      })
      .from(herSteps)
      .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
      .leftJoin(user, eq(user.id, herSteps.ownerId))
      .where(inArray(herSteps.submissionId, ids))
      .orderBy(asc(herSteps.position), asc(herSteps.stepId)),
  ]);
  const rows = shown.map(({ id, dueOn }) => {
    const model = models.find((m) => m.id === id)!;
    const hers = steps
      .filter((step) => step.submissionId === id)
      .map(({ submissionId: _, ...step }) => ({ ...step, overdue: Boolean(step.overdue) }));
    // The step the row is about: the open one due first that the filter keeps.
    const current =
      hers.find(
        (step) =>
          step.state === "todo" &&
          step.dueOn === dueOn &&
          (!filter.ownerId || step.ownerId === filter.ownerId) &&
          (!filter.overdue || step.overdue),
      ) ?? hers.find((step) => step.state === "todo")!;
    return {
      id,
      fullName: model.fullName,
      manager: model.manager,
      approvedAt: model.approvedAt,
      steps: hers,
      currentStepId: current.stepId,
    };
  });
  const last = shown.at(-1)!;
  return { rows, next: more ? { dueOn: last.dueOn, id: last.id } : null };
}

export type BoardRow = Awaited<ReturnType<typeof onboardingBoard>>["rows"][number];

/** The dashboard's figure: open steps past their due day, of approved models still on file. */
export async function countOverdueSteps(db: Reader): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(herSteps)
    .innerJoin(submissions, eq(submissions.id, herSteps.submissionId))
    .where(
      and(eq(herSteps.state, "todo"), sql`${herSteps.dueOn} < ${brasiliaToday}`, approvedAndKept),
    );
  return row?.count ?? 0;
}
