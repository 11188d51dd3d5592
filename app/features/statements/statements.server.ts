import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import {
  modelContracts,
  staffProfiles,
  statementLines,
  statements,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import type { PayoutState, StatementLineKind, StatementState } from "#app/db/career-states.ts";
import { firstNameAndInitial } from "#app/features/staff-alerts/alerts.server.ts";
import { monthEnd, statementTotals, type StatementTotals } from "./money.ts";
import { tellStatementPublished } from "./mail.server.ts";
import { creditStatement } from "#app/features/affiliates/statement-commissions.server.ts";

/*
 * Her monthly statements (issue 30, product.md section 8): staff record a month's gross per
 * platform on a draft, publish it (frozen; she is told by a discreet mail), correct it with new
 * lines that carry a reason, and mark its payout paid. The agency's percentage is her contract's,
 * never a field of its own (decision 056).
 */

/** The contract states in which she has agreed to the agency's percentage. */
const inForceStates = ["signed", "countersigned"] as const;

/**
 * Her contract in force for a month: the latest of her application's signed (or countersigned)
 * contracts that starts on or before the month's last day. None: no statement can be made.
 */
export async function contractInForce(db: Reader, submissionId: number, month: string) {
  const [contract] = await db
    .select({
      id: modelContracts.id,
      agencyShareBasisPoints: modelContracts.agencyShareBasisPoints,
      startsOn: modelContracts.startsOn,
    })
    .from(modelContracts)
    .where(
      and(
        eq(modelContracts.submissionId, submissionId),
        inArray(modelContracts.state, [...inForceStates]),
        lte(modelContracts.startsOn, monthEnd(month)),
      ),
    )
    .orderBy(desc(modelContracts.startsOn), desc(modelContracts.signedAt), desc(modelContracts.id))
    .limit(1);
  return contract ?? null;
}

/** At most this many models are listed for a month (far more than the agency manages). */
export const MODELS_LISTED = 2_000;

export interface MonthRow {
  submissionId: number;
  name: string;
  manager: string | null;
  basisPoints: number;
  statementId: number | null;
  state: StatementState | null;
  payoutState: PayoutState | null;
}

/**
 * The models with a contract in force in a month (first name and last initial, her manager), and
 * where the month's statement of each stands.
 */
export async function monthOverview(db: Database, month: string): Promise<MonthRow[]> {
  const manager = alias(user, "manager");
  const latest = db
    .selectDistinctOn([modelContracts.submissionId], {
      submissionId: modelContracts.submissionId,
      basisPoints: modelContracts.agencyShareBasisPoints,
    })
    .from(modelContracts)
    .where(
      and(
        inArray(modelContracts.state, [...inForceStates]),
        lte(modelContracts.startsOn, monthEnd(month)),
      ),
    )
    .orderBy(
      modelContracts.submissionId,
      desc(modelContracts.startsOn),
      desc(modelContracts.signedAt),
      desc(modelContracts.id),
    )
    .as("latest");
  const rows = await db
    .select({
      submissionId: submissions.id,
      fullName: submissions.fullName,
      managerName: sql<string | null>`coalesce(${staffProfiles.displayName}, ${manager.name})`,
      basisPoints: latest.basisPoints,
      statementId: statements.id,
      state: statements.state,
      payoutState: statements.payoutState,
    })
    .from(latest)
    .innerJoin(submissions, eq(submissions.id, latest.submissionId))
    .leftJoin(manager, eq(manager.id, submissions.managerId))
    .leftJoin(staffProfiles, eq(staffProfiles.userId, submissions.managerId))
    .leftJoin(
      statements,
      and(eq(statements.submissionId, submissions.id), eq(statements.month, month)),
    )
    .where(isNull(submissions.erasedAt))
    .orderBy(asc(submissions.fullName), asc(submissions.id))
    .limit(MODELS_LISTED);
  return rows.map((row) => ({
    submissionId: row.submissionId,
    name: firstNameAndInitial(row.fullName),
    manager: row.managerName,
    basisPoints: row.basisPoints,
    statementId: row.statementId,
    state: row.state,
    payoutState: row.payoutState,
  }));
}

export interface StatementLine {
  id: number;
  kind: StatementLineKind;
  platform: string;
  grossCents: number;
  reason: string | null;
  createdAt: string;
}

export interface Statement {
  id: number;
  submissionId: number;
  month: string;
  basisPoints: number;
  state: StatementState;
  publishedAt: string | null;
  payoutState: PayoutState;
  paidCents: number | null;
  paidOn: string | null;
  payoutReference: string | null;
  lines: StatementLine[];
  totals: StatementTotals;
}

const statementColumns = {
  id: statements.id,
  submissionId: statements.submissionId,
  month: statements.month,
  basisPoints: statements.agencyShareBasisPoints,
  state: statements.state,
  publishedAt: statements.publishedAt,
  payoutState: statements.payoutState,
  paidCents: statements.paidCents,
  paidOn: statements.paidOn,
  payoutReference: statements.payoutReference,
};

type StatementRow = {
  [K in keyof typeof statementColumns]: (typeof statementColumns)[K]["_"]["data"] | null;
} & { id: number; submissionId: number; month: string; basisPoints: number };

/** The statements' lines, in the order they were written, and their figures. */
async function withLines(db: Reader, rows: StatementRow[]): Promise<Statement[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      id: statementLines.id,
      statementId: statementLines.statementId,
      kind: statementLines.kind,
      platform: statementLines.platform,
      grossCents: statementLines.grossCents,
      reason: statementLines.reason,
      createdAt: statementLines.createdAt,
    })
    .from(statementLines)
    .where(
      inArray(
        statementLines.statementId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(statementLines.createdAt), asc(statementLines.id));
  return rows.map((row) => {
    const own = lines
      .filter((line) => line.statementId === row.id)
      .map(({ statementId: _statement, createdAt, ...line }) => ({
        ...line,
        createdAt: createdAt.toISOString(),
      }));
    return {
      id: row.id,
      submissionId: row.submissionId,
      month: row.month,
      basisPoints: row.basisPoints,
      state: row.state ?? "draft",
      publishedAt: row.publishedAt?.toISOString() ?? null,
      payoutState: row.payoutState ?? "pending",
      paidCents: row.paidCents ?? null,
      paidOn: row.paidOn ?? null,
      payoutReference: row.payoutReference ?? null,
      lines: own,
      totals: statementTotals(own, row.basisPoints),
    };
  });
}

/** A statement as the staff see it (any state), with her first name and initial; or null. */
export async function statementForStaff(db: Database, id: number) {
  const [row] = await db
    .select({ ...statementColumns, fullName: submissions.fullName })
    .from(statements)
    .innerJoin(submissions, eq(submissions.id, statements.submissionId))
    .where(eq(statements.id, id));
  if (!row) return null;
  const { fullName, ...rest } = row;
  const [statement] = await withLines(db, [rest]);
  return { ...statement!, name: firstNameAndInitial(fullName) };
}

/** A model's published statements, newest month first; drafts are never hers to see. */
export async function publishedStatementsOf(
  db: Reader,
  submissionIds: readonly number[],
): Promise<Statement[]> {
  if (submissionIds.length === 0) return [];
  const rows = await db
    .select(statementColumns)
    .from(statements)
    .where(
      and(inArray(statements.submissionId, [...submissionIds]), eq(statements.state, "published")),
    )
    .orderBy(desc(statements.month), desc(statements.id))
    .limit(240);
  return withLines(db, rows);
}

/** One of her published statements by id, or null (another's, a draft, none: all the same). */
export async function publishedStatementOf(
  db: Database,
  submissionIds: readonly number[],
  id: number,
): Promise<Statement | null> {
  if (submissionIds.length === 0) return null;
  const rows = await db
    .select(statementColumns)
    .from(statements)
    .where(
      and(
        eq(statements.id, id),
        inArray(statements.submissionId, [...submissionIds]),
        eq(statements.state, "published"),
      ),
    );
  return (await withLines(db, rows))[0] ?? null;
}

/** Her application's id for a month's statement, its contract in force, or why there is none. */
async function draftFor(
  tx: Transaction,
  actor: Actor,
  submissionId: number,
  month: string,
): Promise<{ id: number } | "no-contract" | "published" | "not-found"> {
  const [application] = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), isNull(submissions.erasedAt)));
  if (!application) return "not-found";
  const existing = async () =>
    (
      await tx
        .select({ id: statements.id, state: statements.state })
        .from(statements)
        .where(and(eq(statements.submissionId, submissionId), eq(statements.month, month)))
        .for("update")
    )[0];
  let statement = await existing();
  if (!statement) {
    const contract = await contractInForce(tx, submissionId, month);
    if (!contract) return "no-contract";
    await tx
      .insert(statements)
      .values({
        submissionId,
        month,
        contractId: contract.id,
        agencyShareBasisPoints: contract.agencyShareBasisPoints,
        createdBy: actor.id,
      })
      .onConflictDoNothing();
    statement = await existing();
  }
  if (statement!.state === "published") return "published";
  return { id: statement!.id };
}

export interface EarningInput {
  submissionId: number;
  month: string;
  platform: string;
  grossCents: number;
}

/**
 * A platform's gross for her month, on the month's draft (made from her contract in force when
 * it is the first line). Refused without a contract in force, or once the month is published
 * (a correction is a new line with a reason instead).
 */
export async function recordEarning(db: Database, actor: Actor, input: EarningInput) {
  return recordEarnings(db, actor, [input]);
}

/** Why a row of earnings could not be stored, and which. */
class Refusal extends Error {
  readonly index: number;
  readonly reason: "no-contract" | "published" | "not-found";
  constructor(index: number, reason: "no-contract" | "published" | "not-found") {
    super(reason);
    this.index = index;
    this.reason = reason;
  }
}

/**
 * Several earnings at once (a CSV import), all or none: the first refusal rolls back the lot
 * (drafts made for earlier rows too) and is returned with its row's index.
 */
export async function recordEarnings(
  db: Database,
  actor: Actor,
  inputs: readonly EarningInput[],
): Promise<
  | { ok: true; statementIds: number[] }
  | { ok: false; index: number; error: "no-contract" | "published" | "not-found" }
> {
  try {
    return await db.transaction(async (tx) => {
      const drafts = new Map<string, number>();
      const rows: (typeof statementLines.$inferInsert)[] = [];
      for (const [index, input] of inputs.entries()) {
        const key = `${input.submissionId}:${input.month}`;
        let id = drafts.get(key);
        if (id === undefined) {
          const draft = await draftFor(tx, actor, input.submissionId, input.month);
          if (typeof draft === "string") throw new Refusal(index, draft);
          id = draft.id;
          drafts.set(key, id);
        }
        rows.push({
          statementId: id,
          kind: "earning",
          platform: input.platform,
          grossCents: input.grossCents,
          createdBy: actor.id,
        });
      }
      for (let start = 0; start < rows.length; start += 1_000) {
        await tx.insert(statementLines).values(rows.slice(start, start + 1_000));
      }
      return { ok: true as const, statementIds: [...new Set(drafts.values())] };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, index: error.index, error: error.reason };
    throw error;
  }
}

/** A draft's line taken back (an amount typed wrong); a draft left empty goes with it. */
export async function removeDraftLine(db: Database, statementId: number, lineId: number) {
  return db.transaction(async (tx) => {
    const [statement] = await tx
      .select({ state: statements.state })
      .from(statements)
      .where(eq(statements.id, statementId))
      .for("update");
    if (!statement) return "not-found" as const;
    if (statement.state !== "draft") return "published" as const;
    const removed = await tx
      .delete(statementLines)
      .where(and(eq(statementLines.id, lineId), eq(statementLines.statementId, statementId)))
      .returning({ id: statementLines.id });
    if (removed.length === 0) return "not-found" as const;
    const [left] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(statementLines)
      .where(eq(statementLines.statementId, statementId));
    if (left!.count === 0) {
      await tx.delete(statements).where(eq(statements.id, statementId));
      return "emptied" as const;
    }
    return "removed" as const;
  });
}

/** A statement's row locked for a change, with what the change needs of her application. */
async function lockStatement(tx: Transaction, id: number) {
  const [row] = await tx
    .select({
      id: statements.id,
      submissionId: statements.submissionId,
      month: statements.month,
      state: statements.state,
      payoutState: statements.payoutState,
      email: submissions.email,
      fullName: submissions.fullName,
      language: submissions.language,
    })
    .from(statements)
    .innerJoin(submissions, eq(submissions.id, statements.submissionId))
    .where(eq(statements.id, id))
    .for("update", { of: statements });
  return row ?? null;
}

/**
 * Publishes a draft: its percentage taken again from her contract in force (a contract signed
 * since the draft was begun counts), frozen from now on; she gets a discreet mail (no figures),
 * and the access log says who published it.
 */
export async function publishStatement(db: Database, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const statement = await lockStatement(tx, id);
    if (!statement) return "not-found" as const;
    if (statement.state === "published") return "published" as const;
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(statementLines)
      .where(eq(statementLines.statementId, id));
    if (count!.count === 0) return "empty" as const;
    const contract = await contractInForce(tx, statement.submissionId, statement.month);
    if (!contract) return "no-contract" as const;
    await tx
      .update(statements)
      .set({
        state: "published",
        contractId: contract.id,
        agencyShareBasisPoints: contract.agencyShareBasisPoints,
        publishedAt: sql`now()`,
        publishedBy: actor.id,
      })
      .where(eq(statements.id, id));
    await recordAccess(tx, "statement.publish", {
      actor,
      subject: `submission:${statement.submissionId}`,
      details: { statement: id, month: statement.month.slice(0, 7), lines: count!.count },
    });
    await tellStatementPublished(tx, statement);
    // A referred model's affiliate earns her share of it in the same transaction.
    await creditStatement(tx, id);
    return "ok" as const;
  });
}

/**
 * A correction of a published statement: a new line with its reason (may be negative); the
 * published lines are never touched. A draft is simply edited instead.
 */
export async function correctStatement(
  db: Database,
  actor: Actor,
  id: number,
  correction: { platform: string; grossCents: number; reason: string },
) {
  return db.transaction(async (tx) => {
    const statement = await lockStatement(tx, id);
    if (!statement) return "not-found" as const;
    if (statement.state !== "published") return "draft" as const;
    const [line] = await tx
      .insert(statementLines)
      .values({
        statementId: id,
        kind: "correction",
        platform: correction.platform,
        grossCents: correction.grossCents,
        reason: correction.reason,
        createdBy: actor.id,
      })
      .returning({ id: statementLines.id });
    await recordAccess(tx, "statement.correct", {
      actor,
      subject: `submission:${statement.submissionId}`,
      details: {
        statement: id,
        month: statement.month.slice(0, 7),
        line: line!.id,
        grossCents: correction.grossCents,
      },
    });
    await creditStatement(tx, id);
    return "ok" as const;
  });
}

/** Her payout of a published statement: pending → paid, with the day, the amount and the reference. */
export async function markPaid(
  db: Database,
  actor: Actor,
  id: number,
  payout: { paidOn: string; paidCents: number; reference: string },
) {
  return db.transaction(async (tx) => {
    const statement = await lockStatement(tx, id);
    if (!statement) return "not-found" as const;
    if (statement.state !== "published") return "draft" as const;
    if (statement.payoutState === "paid") return "paid" as const;
    await tx
      .update(statements)
      .set({
        payoutState: "paid",
        paidOn: payout.paidOn,
        paidCents: payout.paidCents,
        payoutReference: payout.reference,
      })
      .where(eq(statements.id, id));
    await recordAccess(tx, "statement.paid", {
      actor,
      subject: `submission:${statement.submissionId}`,
      details: {
        statement: id,
        month: statement.month.slice(0, 7),
        paidOn: payout.paidOn,
        paidCents: payout.paidCents,
      },
    });
    return "ok" as const;
  });
}

/**
 * The staff's page of her month: her first name and initial, her contract in force, and the
 * month's statement if one was begun; null for an application that is not there (or erased).
 */
export async function statementPage(db: Database, submissionId: number, month: string) {
  const [application] = await db
    .select({ fullName: submissions.fullName })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), isNull(submissions.erasedAt)));
  if (!application) return null;
  const [contract, [row]] = await Promise.all([
    contractInForce(db, submissionId, month),
    db
      .select({ id: statements.id })
      .from(statements)
      .where(and(eq(statements.submissionId, submissionId), eq(statements.month, month))),
  ]);
  return {
    name: firstNameAndInitial(application.fullName),
    contract,
    statement: row ? await statementForStaff(db, row.id) : null,
  };
}

/** Her dashboard's card: once she has a published statement, the latest month and how many. */
export async function statementCardFor(
  db: Database,
  applications: readonly { id: number }[],
): Promise<{ latestMonth: string; count: number } | null> {
  if (applications.length === 0) return null;
  const [row] = await db
    .select({
      latestMonth: sql<string>`max(${statements.month})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(statements)
    .where(
      and(
        inArray(
          statements.submissionId,
          applications.map((application) => application.id),
        ),
        eq(statements.state, "published"),
      ),
    );
  return row && row.count > 0 ? row : null;
}
