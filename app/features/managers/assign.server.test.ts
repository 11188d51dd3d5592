import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  onboardingEvents,
  onboardingSteps,
  outbox,
  staffAlertPreferences,
  submissionOnboardingSteps as herSteps,
  submissions,
} from "#app/db/schema.server.ts";
import { sendDueDigests } from "#app/features/staff-alerts/alerts.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { undoDecision } from "#app/features/submissions/undo.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { assignManager, listManagers } from "./assign.server.ts";
import { saveStaffProfile } from "./profile.server.ts";

/**
 * Assigning her talent manager on PGlite and (with TEST_DATABASE_URL) PostgreSQL: only an
 * approver or an admin in use may be one; her open steps owned by nobody or by the previous
 * manager follow, with one event each; the model is told in her language, the new manager by
 * her choice (a mail now, a line in her digest, nothing); the same manager again tells no one.
 */
describe.each(databaseTargets)("a talent manager's assignment on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  const people: Record<string, string> = {};
  const emailOf = (who: string) => `${who}.${marker}@example.com`;

  async function person(
    who: string,
    role: "approver" | "admin" | "model" | "affiliate" | "editor",
    extra: { mode?: "instant" | "digest" | "off"; disabled?: boolean; language?: string } = {},
  ) {
    const id = await insertAccount(database.db, {
      name: `${who[0]!.toUpperCase()}${who.slice(1)} Lima`,
      email: emailOf(who),
      role,
      emailVerified: true,
      disabled: extra.disabled ?? false,
      language: extra.language ?? "en",
    });
    if (extra.mode) {
      await database.db
        .insert(staffAlertPreferences)
        .values({ userId: id, mode: extra.mode, digestHour: 0 });
    }
    people[who] = id;
    return id;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await person("approver", "approver", { mode: "off" });
    await person("instant", "approver", { mode: "instant", language: "pt" });
    await person("digest", "admin", { mode: "digest", language: "en" });
    await person("quiet", "approver", { mode: "off" });
    await person("model", "model");
    await person("affiliate", "affiliate");
    await person("editor", "editor");
    await person("gone", "admin", { disabled: true });
    await person("helper", "approver");
    // The instant one has a profile: the models see her display name.
    await saveStaffProfile(
      database.db,
      { id: people.instant! },
      {
        displayName: "Rafaela Instant",
        whatsapp: null,
        meetingUrl: null,
        removePhoto: false,
        "intro-pt": "",
        "intro-es": "",
        "intro-en": "",
        "intro-it": "",
        "intro-de": "",
        "intro-sv": "",
      },
      null,
    );
  });
  afterAll(() => database?.close());

  async function approvedWithDecision(name: string, language = "es") {
    const id = await insertApplicationRow(database.db, {
      fullName: `${name[0]!.toUpperCase()}${name.slice(1)} Souza`,
      email: `${name}.${marker}@example.com`,
      language,
    });
    const result = await changeStatus(database.db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      actor: { id: people.approver!, role: "approver" },
    });
    if (result.outcome !== "changed") throw new Error(result.outcome);
    return { id, decisionId: result.decisionId };
  }
  const approved = async (name: string, language = "es") =>
    (await approvedWithDecision(name, language)).id;

  const assign = (ids: number[], managerId: string, actorId = people.approver!) =>
    assignManager(database.db, { submissionIds: ids, managerId, actor: { id: actorId } });

  const mailsTo = (who: string, kind?: string) =>
    database.db
      .select({ kind: outbox.kind, subject: outbox.subject, text: outbox.text })
      .from(outbox)
      .where(
        and(
          eq(outbox.recipient, who.includes("@") ? who : emailOf(who)),
          ...(kind ? [eq(outbox.kind, kind)] : []),
        ),
      )
      .orderBy(asc(outbox.id));

  const managerOf = async (id: number) =>
    (
      await database.db
        .select({ managerId: submissions.managerId })
        .from(submissions)
        .where(eq(submissions.id, id))
    )[0]!.managerId;

  const logOf = (id: number) =>
    database.db
      .select({ actorId: accessLog.actorId, details: accessLog.details })
      .from(accessLog)
      .where(
        and(eq(accessLog.action, "submission.manager"), eq(accessLog.subject, `submission:${id}`)),
      )
      .orderBy(asc(accessLog.id));

  it("lists approvers and admins in use, by the name the models see", async () => {
    const managers = await listManagers(database.db);
    const ids = managers.map((m) => m.id);
    for (const who of ["approver", "instant", "digest", "quiet"])
      expect(ids).toContain(people[who]);
    for (const who of ["model", "affiliate", "editor", "gone"])
      expect(ids).not.toContain(people[who]);
    expect(managers.find((m) => m.id === people.instant)?.name).toBe("Rafaela Instant");
  });

  it("refuses a model, an affiliate, an editor, a disabled admin or no one as manager: nothing changes", async () => {
    const id = await approved("clara");
    for (const who of ["model", "affiliate", "editor", "gone"]) {
      expect(await assign([id], people[who]!)).toEqual({ outcome: "not-staff" });
    }
    expect(await assign([id], "no-such-account")).toEqual({ outcome: "not-staff" });
    expect(await managerOf(id)).toBeNull();
    expect(await logOf(id)).toEqual([]);
    expect(await mailsTo(`clara.${marker}@example.com`, "manager-assigned")).toEqual([]);
  });

  it("leaves a pending application, and one that does not exist, as they are", async () => {
    const pending = await insertApplicationRow(database.db, { fullName: "Paula Pending" });
    const result = await assign([pending, 999_999_999], people.quiet!);
    expect(result).toEqual({
      outcome: "assigned",
      changed: [],
      unchanged: [],
      skipped: [pending, 999_999_999],
    });
    expect(await managerOf(pending)).toBeNull();
  });

  it("hands her open steps owned by nobody or by the previous manager to the new one, once", async () => {
    const id = await approved("bruna");
    const steps = await database.db
      .select({ stepId: herSteps.stepId, key: onboardingSteps.key })
      .from(herSteps)
      .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
      .where(eq(herSteps.submissionId, id))
      .orderBy(asc(herSteps.position));
    const [call, identity, contract, plan, launch] = steps.map((s) => s.stepId);
    const setOwner = (stepId: number, ownerId: string | null) =>
      database.db
        .update(herSteps)
        .set({ ownerId })
        .where(and(eq(herSteps.submissionId, id), eq(herSteps.stepId, stepId)));
    // Nobody's; a helper's (given to her on purpose, as the onboarding panel records it); a
    // done one; the rest still the approver's, as approval left them.
    await setOwner(call!, null);
    await setOwner(identity!, people.helper!);
    await database.db.insert(onboardingEvents).values({
      submissionId: id,
      stepId: identity!,
      action: "owner",
      actorId: people.approver!,
      detail: people.helper!,
    });
    await database.db
      .update(herSteps)
      .set({ ownerId: null, state: "done" })
      .where(and(eq(herSteps.submissionId, id), eq(herSteps.stepId, launch!)));
    const ownersOf = async () =>
      Object.fromEntries(
        (
          await database.db
            .select({ stepId: herSteps.stepId, ownerId: herSteps.ownerId })
            .from(herSteps)
            .where(eq(herSteps.submissionId, id))
        ).map((row) => [row.stepId, row.ownerId]),
      );
    const ownerEvents = () =>
      database.db
        .select({
          stepId: onboardingEvents.stepId,
          actorId: onboardingEvents.actorId,
          detail: onboardingEvents.detail,
        })
        .from(onboardingEvents)
        .where(and(eq(onboardingEvents.submissionId, id), eq(onboardingEvents.action, "owner")))
        .orderBy(asc(onboardingEvents.id));

    await assign([id], people.quiet!);
    expect(await managerOf(id)).toBe(people.quiet);
    expect(await ownersOf()).toEqual({
      [call!]: people.quiet,
      [identity!]: people.helper,
      [contract!]: people.quiet,
      [plan!]: people.quiet,
      [launch!]: null,
    });
    expect((await ownerEvents()).slice(1)).toEqual(
      expect.arrayContaining([
        { stepId: call, actorId: people.approver, detail: people.quiet },
        { stepId: contract, actorId: people.approver, detail: people.quiet },
        { stepId: plan, actorId: people.approver, detail: people.quiet },
      ]),
    );
    expect(await ownerEvents()).toHaveLength(4);

    // A step the manager owns and another nobody owns go to the next manager; the rest stay.
    await setOwner(plan!, null);
    await assign([id], people.digest!);
    expect(await ownersOf()).toEqual({
      [call!]: people.digest,
      [identity!]: people.helper,
      [contract!]: people.digest,
      [plan!]: people.digest,
      [launch!]: null,
    });
    expect((await ownerEvents()).slice(4)).toEqual(
      expect.arrayContaining([
        { stepId: call, actorId: people.approver, detail: people.digest },
        { stepId: contract, actorId: people.approver, detail: people.digest },
        { stepId: plan, actorId: people.approver, detail: people.digest },
      ]),
    );
    expect(await ownerEvents()).toHaveLength(7);

    // The same manager again: nothing moves, nothing is written, nobody is told.
    const mailsBefore = (await mailsTo(`bruna.${marker}@example.com`)).length;
    expect(await assign([id], people.digest!)).toEqual({
      outcome: "assigned",
      changed: [],
      unchanged: [id],
      skipped: [],
    });
    expect(await ownerEvents()).toHaveLength(7);
    expect(await logOf(id)).toHaveLength(2);
    expect(await mailsTo(`bruna.${marker}@example.com`)).toHaveLength(mailsBefore);
  });

  it("logs each assignment with the names then and the manager's id", async () => {
    const id = await approved("duda");
    await assign([id], people.instant!);
    await assign([id], people.quiet!, people.digest!);
    expect(await logOf(id)).toEqual([
      {
        actorId: people.approver,
        details: { from: null, to: "Rafaela Instant", managerId: people.instant },
      },
      {
        actorId: people.digest,
        details: { from: "Rafaela Instant", to: "Quiet Lima", managerId: people.quiet },
      },
    ]);
  });

  it("tells the model in her language: meet your manager, then your new manager, first name only", async () => {
    const id = await approved("elena", "es");
    await assign([id], people.instant!);
    await assign([id], people.quiet!);
    const mails = await mailsTo(`elena.${marker}@example.com`, "manager-assigned");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain("Te presentamos a Rafaela");
    expect(mails[1]!.text).toContain("a partir de ahora es Quiet");
    for (const mail of mails) {
      expect(mail.text).not.toMatch(/Instant|Lima/);
      expect(mail.text).toContain("/dashboard/model");
      // Nothing about the work in a mailbox others may read.
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/modelo|onboarding|contrato|aprobad/i);
    }
  });

  it("mails the new manager at once when she asked for that, in her language, with a link needing a session", async () => {
    const [one, two] = [await approved("fabi"), await approved("gabi")];
    const before = (await mailsTo("instant", "staff-manager")).length;
    await assign([one, two], people.instant!);
    const mails = (await mailsTo("instant", "staff-manager")).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("2 candidaturas agora estão com você");
    expect(mails[0]!.text).toContain("Fabi S.");
    expect(mails[0]!.text).toContain(`/admin/cadastros/${one}`);
    expect(mails[0]!.text).not.toContain("Souza");
    // She assigns herself: she knows, no mail.
    const three = await approved("hana");
    await assign([three], people.instant!, people.instant!);
    expect(await mailsTo("instant", "staff-manager")).toHaveLength(before + 1);
  });

  it("gives a digest reader a line in her next digest, and an 'off' reader nothing", async () => {
    const id = await approved("iara");
    const quietOnly = await approved("juno");
    await assign([id], people.digest!);
    await assign([quietOnly], people.quiet!);
    expect(await mailsTo("digest", "staff-manager")).toEqual([]);
    expect(await mailsTo("quiet", "staff-manager")).toEqual([]);
    await sendDueDigests(database.db, new Date(Date.now() + 60_000));
    const digests = await mailsTo("digest", "staff-digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain("You became the talent manager of");
    expect(digests[0]!.text).toContain(`Iara S. `);
    expect(digests[0]!.text).toContain(`/admin/cadastros/${id}`);
    expect(await mailsTo("quiet", "staff-digest")).toEqual([]);
  });

  it("changes many at once in one go, each told once", async () => {
    const ids = [await approved("kira"), await approved("luna")];
    const result = await assign(ids, people.quiet!);
    expect(result).toMatchObject({ outcome: "assigned", changed: ids });
    const rows = await database.db
      .select({ managerId: submissions.managerId })
      .from(submissions)
      .where(inArray(submissions.id, ids));
    expect(rows.every((row) => row.managerId === people.quiet)).toBe(true);
    for (const name of ["kira", "luna"]) {
      expect(await mailsTo(`${name}.${marker}@example.com`, "manager-assigned")).toHaveLength(1);
    }
  });

  it("takes the manager and her unsent mail back with an approval undone in its window", async () => {
    const { id, decisionId } = await approvedWithDecision("mara");
    await assign([id], people.quiet!);
    expect(await mailsTo(`mara.${marker}@example.com`, "manager-assigned")).toHaveLength(1);
    const undone = await undoDecision(database.db, decisionId, { id: people.approver! });
    expect(undone.outcome).toBe("undone");
    expect(await managerOf(id)).toBeNull();
    expect(await mailsTo(`mara.${marker}@example.com`, "manager-assigned")).toEqual([]);
  });
});
