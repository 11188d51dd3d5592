import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  affiliateEntries,
  affiliatePayoutDetailChanges,
  affiliatePayoutDetails,
  affiliatePayouts,
  outbox,
  user,
} from "#app/db/schema.server.ts";
import { entryStateSql } from "#app/features/affiliates/entry-state.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertAffiliate } from "#app/test/factories.ts";
import { encrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { bankFile } from "./bank-file.server.ts";
import {
  batchPreview,
  cancelBatch,
  createBatch,
  markBatchPaid,
  payoutsOfAffiliate,
} from "./batches.server.ts";
import {
  isValidCpf,
  normalizeBrazilianPhone,
  normalizePixKey,
  payoutHint,
  type PayoutDetails,
} from "./details.ts";
import {
  affiliateOfUser,
  confirmPayoutDetailsChange,
  openPayoutDetailsChange,
  payoutDataForExport,
  payoutDetailsSummary,
  requestPayoutDetailsChange,
} from "./details.server.ts";
import { PAYOUT_DETAILS_MAIL_KIND, PAYOUT_SENT_MAIL_KIND } from "./mail.server.ts";

describe("payout details' checks", () => {
  it("checks CPF and CNPJ check digits, Brazilian phones, e-mails and random keys", () => {
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("52998224724")).toBe(false);
    expect(isValidCpf("11111111111")).toBe(false);
    expect(normalizePixKey("cpf", "529.982.247-25")).toBe("52998224725");
    expect(normalizePixKey("cnpj", "11.222.333/0001-81")).toBe("11222333000181");
    expect(normalizePixKey("cnpj", "11.222.333/0001-82")).toBeNull();
    expect(normalizeBrazilianPhone("(48) 99999-2020")).toBe("+5548999992020");
    expect(normalizeBrazilianPhone("+55 48 3333-2020")).toBe("+554833332020");
    expect(normalizeBrazilianPhone("+1 415 555 2671")).toBeNull();
    expect(normalizeBrazilianPhone("48 89999-2020")).toBeNull();
    expect(normalizePixKey("email", " Ana.Lima@Example.com ")).toBe("ana.lima@example.com");
    expect(normalizePixKey("email", "ana@")).toBeNull();
    const uuid = randomUUID();
    expect(normalizePixKey("random", uuid.toUpperCase())).toBe(uuid);
    expect(normalizePixKey("random", "not-a-key")).toBeNull();
  });

  it("masks what a screen shows of them", () => {
    expect(payoutHint({ method: "pix", keyType: "cpf", key: "52998224725" })).toBe(
      "PIX · CPF · •••.982.247-••",
    );
    expect(payoutHint({ method: "pix", keyType: "email", key: "ana.lima@gmail.com" })).toBe(
      "PIX · a•••@g•••.com",
    );
    expect(payoutHint({ method: "pix", keyType: "phone", key: "+5548999992020" })).toBe(
      "PIX · +55 (48) ••••-2020",
    );
    const bank: PayoutDetails = {
      method: "bank",
      bankCode: "260",
      branch: "0001",
      account: "1234567-8",
      accountType: "checking",
      holderName: "Ana Lima",
      holderDocument: "52998224725",
    };
    expect(payoutHint(bank)).toBe("260 · 0001 · •••567-8");
  });
});

describe.each(databaseTargets)("affiliate payouts on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  let admin: { id: string; ip: string };
  let otherAdmin: string;
  const past = new Date(Date.now() - 40 * 86_400_000);
  const future = new Date(Date.now() + 10 * 86_400_000);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const id = await insertAccount(database.db, {
      email: `admin.${marker}@example.com`,
      role: "admin",
    });
    admin = { id, ip: "203.0.113.9" };
    otherAdmin = await insertAccount(database.db, {
      email: `other.admin.${marker}@example.com`,
      role: "admin",
    });
  });
  afterAll(() => database?.close());

  const affiliate = async (name: string, language = "pt") =>
    insertAffiliate(database.db, {
      name: `${name} Souza`,
      email: `${name}.${marker}@example.com`,
    }).then(async (made) => {
      await database.db.update(user).set({ language }).where(eq(user.id, made.userId));
      return made;
    });

  const giveDetails = (affiliateId: number, details: PayoutDetails) =>
    database.db.insert(affiliatePayoutDetails).values({
      affiliateId,
      method: details.method,
      detailsEncrypted: encrypt(JSON.stringify(details), getEncryptionKey().key),
      hint: payoutHint(details),
    });
  const pix = (key: string): PayoutDetails => ({ method: "pix", keyType: "email", key });

  const entry = async (
    affiliateId: number,
    amountCents: number,
    options: { payableAt?: Date; voided?: boolean; held?: boolean } = {},
  ) => {
    const [row] = await database.db
      .insert(affiliateEntries)
      .values({
        affiliateId,
        origin: "manual",
        reason: "Ajuste de teste",
        amountCents,
        occurredOn: "2026-10-01",
        payableAt: options.payableAt ?? past,
        ...(options.voided ? { voidedAt: new Date(), voidReason: "teste" } : {}),
        ...(options.held ? { riskSignals: ["email"] } : {}),
      })
      .returning({ id: affiliateEntries.id });
    return row!.id;
  };
  const stateOf = async (ids: number[]) =>
    (
      await database.db
        .select({ id: affiliateEntries.id, state: entryStateSql(new Date()) })
        .from(affiliateEntries)
        .where(inArray(affiliateEntries.id, ids))
        .orderBy(affiliateEntries.id)
    ).map((row) => row.state);

  it("pays only payable entries of affiliates at or over the minimum with details; marks them paid with a mail without figures", async () => {
    const ana = await affiliate("ana", "en");
    const bia = await affiliate("bia");
    const cris = await affiliate("cris");
    const dora = await affiliate("dora");
    await giveDetails(ana.id, pix(`ana.${marker}@example.com`));
    await giveDetails(bia.id, pix(`bia.${marker}@example.com`));
    await giveDetails(dora.id, pix(`dora.${marker}@example.com`));
    const anaPaid = [await entry(ana.id, 6_000), await entry(ana.id, 5_000)];
    const anaKept = [
      await entry(ana.id, 3_000, { payableAt: future }),
      await entry(ana.id, 9_000, { voided: true }),
      await entry(ana.id, 9_000, { held: true }),
    ];
    await entry(bia.id, 8_000);
    await entry(cris.id, 20_000);
    await entry(dora.id, 15_000);
    await entry(dora.id, -6_000);

    const preview = await batchPreview(database.db);
    expect(preview.minimumPayoutCents).toBe(10_000);
    const byId = new Map(preview.rows.map((row) => [row.affiliateId, row]));
    expect(byId.get(ana.id)).toMatchObject({ totalCents: 11_000, entries: 2, waiting: null });
    expect(byId.get(bia.id)).toMatchObject({ totalCents: 8_000, waiting: "below-minimum" });
    expect(byId.get(cris.id)).toMatchObject({ totalCents: 20_000, waiting: "no-details" });
    expect(byId.get(dora.id)).toMatchObject({ totalCents: 9_000, waiting: "below-minimum" });

    const made = await createBatch(database.db, admin);
    expect(made.outcome).toBe("created");
    const batchId = made.outcome === "created" ? made.batchId : 0;
    const payouts = await database.db
      .select()
      .from(affiliatePayouts)
      .where(eq(affiliatePayouts.batchId, batchId));
    expect(payouts).toEqual([
      expect.objectContaining({ affiliateId: ana.id, amountCents: 11_000, method: "pix" }),
    ]);
    expect(await stateOf([...anaPaid, ...anaKept])).toEqual([
      "in-batch",
      "in-batch",
      "pending",
      "void",
      "held",
    ]);
    // Nothing left to pay: entries in a batch are not taken again. Her second press within a
    // minute is given the batch she made; another admin's, or hers later, finds nothing.
    expect(await createBatch(database.db, admin)).toEqual({ outcome: "already-made", batchId });
    expect(await createBatch(database.db, { ...admin, id: otherAdmin })).toEqual({
      outcome: "empty",
    });
    expect(await createBatch(database.db, admin, new Date(Date.now() + 61_000))).toEqual({
      outcome: "empty",
    });

    expect(
      await markBatchPaid(database.db, admin, batchId, {
        reference: "BB-123",
        paidOn: "2026-11-20",
      }),
    ).toBe("paid");
    expect(await stateOf(anaPaid)).toEqual(["paid", "paid"]);
    // The same payment pressed again (a double tap): already done, and no second mail.
    expect(
      await markBatchPaid(database.db, admin, batchId, {
        reference: "BB-123",
        paidOn: "2026-11-20",
      }),
    ).toBe("already-paid");
    const mails = await database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, PAYOUT_SENT_MAIL_KIND),
          eq(outbox.recipient, `ana.${marker}@example.com`),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe("en");
    expect(mails[0]!.subject).toBe("A payout was sent");
    for (const figure of ["110", "R$", "BB-123"]) {
      expect(mails[0]!.text).not.toContain(figure);
      expect(mails[0]!.html).not.toContain(figure);
    }
    expect(
      await markBatchPaid(database.db, admin, batchId, { reference: "X", paidOn: "2026-11-20" }),
    ).toBe("not-open");
    expect(await cancelBatch(database.db, admin, batchId)).toBe("not-open");
    expect(await payoutsOfAffiliate(database.db, ana.id)).toEqual([
      expect.objectContaining({ amountCents: 11_000, state: "paid" }),
    ]);
    const logged = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "affiliate.payout-batch"),
          eq(accessLog.subject, `payout-batch:${batchId}`),
        ),
      );
    expect(logged.map((row) => (row.details as { change: string }).change)).toEqual([
      "created",
      "paid",
    ]);
  });

  it("frees a cancelled batch's entries for the next batch", async () => {
    const eva = await affiliate("eva");
    await giveDetails(eva.id, pix(`eva.${marker}@example.com`));
    const ids = [await entry(eva.id, 12_000)];
    const first = await createBatch(database.db, admin);
    if (first.outcome !== "created") throw new Error("no batch");
    expect(await stateOf(ids)).toEqual(["in-batch"]);
    expect(await cancelBatch(database.db, admin, first.batchId)).toBe("cancelled");
    expect(await stateOf(ids)).toEqual(["payable"]);
    expect(await payoutsOfAffiliate(database.db, eva.id)).toEqual([]);
    const second = await createBatch(database.db, admin);
    expect(second.outcome).toBe("created");
    expect(await stateOf(ids)).toEqual(["in-batch"]);
    if (second.outcome === "created") await cancelBatch(database.db, admin, second.batchId);
  });

  it("never puts an entry in two batches when two admins create one at once", async () => {
    const people = await Promise.all(["fia", "gil", "hana", "iris"].map((name) => affiliate(name)));
    let expected = 0;
    for (const person of people) {
      await giveDetails(person.id, pix(`${person.referralCode.toLowerCase()}@example.com`));
      for (const cents of [4_000, 4_000, 4_000]) {
        await entry(person.id, cents);
        expected += cents;
      }
    }
    const outcomes = await Promise.all([
      createBatch(database.db, admin),
      createBatch(database.db, admin),
      createBatch(database.db, admin),
    ]);
    expect(outcomes.filter((made) => made.outcome === "created").length).toBeGreaterThanOrEqual(1);
    const ids = people.map((person) => person.id);
    const payouts = await database.db
      .select()
      .from(affiliatePayouts)
      .where(inArray(affiliatePayouts.affiliateId, ids));
    // One payout each, of exactly her entries: none counted twice.
    expect(payouts.map((payout) => payout.affiliateId).sort()).toEqual([...ids].sort());
    expect(payouts.reduce((sum, payout) => sum + payout.amountCents, 0)).toBe(expected);
    for (const payout of payouts) {
      const entries = await database.db
        .select({ amountCents: affiliateEntries.amountCents })
        .from(affiliateEntries)
        .where(eq(affiliateEntries.payoutId, payout.id));
      expect(entries.reduce((sum, row) => sum + row.amountCents, 0)).toBe(payout.amountCents);
    }
    for (const made of outcomes) {
      if (made.outcome === "created") await cancelBatch(database.db, admin, made.batchId);
    }
  });

  it("writes the bank's file with the details decrypted and formulas neutralised, and logs it", async () => {
    const jo = await affiliate("jo");
    const ka = await affiliate("ka");
    await giveDetails(jo.id, {
      method: "bank",
      bankCode: "260",
      branch: "0001",
      account: "1234567-8",
      accountType: "savings",
      holderName: '=HYPERLINK("https://evil.example","x")',
      holderDocument: "52998224725",
    });
    await giveDetails(ka.id, { method: "pix", keyType: "phone", key: "+5548999992020" });
    await entry(jo.id, 10_050);
    await entry(ka.id, 25_000);
    const made = await createBatch(database.db, admin);
    if (made.outcome !== "created") throw new Error("no batch");
    const stream = await bankFile(database.db, admin, made.batchId);
    const csv = await new Response(stream!).text();
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(csv).not.toMatch(/(^|;)"=/m);
    expect(csv).toContain('"260";"0001";"1234567-8";"savings"');
    expect(csv).toContain('"52998224725"');
    expect(csv).toContain('"100,50"');
    expect(csv).toContain('"phone";"+5548999992020"');
    const logged = await database.db
      .select({ actorId: accessLog.actorId, details: accessLog.details })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "affiliate.payout-export"),
          eq(accessLog.subject, `payout-batch:${made.batchId}`),
        ),
      );
    // Her two, and the entries the earlier tests' cancelled batches freed.
    const rows = csv.trim().split("\r\n").length - 1;
    expect(rows).toBeGreaterThanOrEqual(2);
    expect(logged).toEqual([
      { actorId: admin.id, details: { batch: made.batchId, payouts: rows } },
    ]);
    expect(await bankFile(database.db, admin, 999_999_999)).toBeNull();
    await cancelBatch(database.db, admin, made.batchId);
  });

  it("changes her details only through the mailed link: once, hers, in time; a newer request ends the older", async () => {
    const lia = await affiliate("lia", "de");
    const mia = await affiliate("mia");
    const liaAccount = (await affiliateOfUser(database.db, lia.userId))!;
    const start = new Date("2026-11-01T12:00:00Z");
    const first = await requestPayoutDetailsChange(
      database.db,
      liaAccount,
      { method: "pix", keyType: "cpf", key: "52998224725" },
      start,
    );
    const second = await requestPayoutDetailsChange(
      database.db,
      liaAccount,
      pix(`lia.${marker}@example.com`),
      new Date(start.getTime() + 60_000),
    );
    const changes = await database.db
      .select()
      .from(affiliatePayoutDetailChanges)
      .where(eq(affiliatePayoutDetailChanges.affiliateId, lia.id));
    expect(changes).toHaveLength(2);
    for (const change of changes) {
      expect(change.detailsEncrypted).not.toContain("52998224725");
      expect(change.detailsEncrypted).not.toContain("lia.");
      expect(change.tokenSha256).toMatch(/^[0-9a-f]{64}$/);
    }
    const mails = await database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, PAYOUT_DETAILS_MAIL_KIND), like(outbox.recipient, `lia.${marker}%`)),
      );
    expect(mails).toHaveLength(2);
    expect(mails[1]!.language).toBe("de");
    expect(mails[1]!.text).toContain(`/portal/payout-details/confirm?token=${second.token}`);
    expect(mails[1]!.text).toContain(second.hint);
    expect(mails[1]!.text).not.toContain(`lia.${marker}@example.com`.slice(1));

    const soon = new Date(start.getTime() + 3_600_000);
    expect(await payoutDetailsSummary(database.db, lia.id, soon)).toEqual({
      current: null,
      waiting: { hint: second.hint },
    });
    // The older link ended with the newer request; another affiliate cannot use hers.
    expect(await confirmPayoutDetailsChange(database.db, lia.id, first.token, admin, soon)).toBe(
      "used",
    );
    expect(await confirmPayoutDetailsChange(database.db, mia.id, second.token, admin, soon)).toBe(
      "other",
    );
    expect(await openPayoutDetailsChange(database.db, mia.id, second.token, soon)).toEqual({
      status: "other",
    });
    expect(await confirmPayoutDetailsChange(database.db, lia.id, "guessed", admin, soon)).toBe(
      "unknown",
    );
    const late = new Date(start.getTime() + 25 * 3_600_000);
    expect(await confirmPayoutDetailsChange(database.db, lia.id, second.token, admin, late)).toBe(
      "expired",
    );
    expect(
      await database.db
        .select()
        .from(affiliatePayoutDetails)
        .where(eq(affiliatePayoutDetails.affiliateId, mia.id)),
    ).toEqual([]);

    expect(await openPayoutDetailsChange(database.db, lia.id, second.token, soon)).toEqual({
      status: "open",
      hint: second.hint,
    });
    const actor = { id: lia.userId, ip: "198.51.100.4" };
    expect(await confirmPayoutDetailsChange(database.db, lia.id, second.token, actor, soon)).toBe(
      "confirmed",
    );
    expect(await confirmPayoutDetailsChange(database.db, lia.id, second.token, actor, soon)).toBe(
      "used",
    );
    expect(await payoutDetailsSummary(database.db, lia.id, soon)).toEqual({
      current: { method: "pix", hint: second.hint },
      waiting: null,
    });
    const logged = await database.db
      .select({ actorId: accessLog.actorId, details: accessLog.details, ip: accessLog.ip })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "affiliate.payout-details-changed"),
          eq(accessLog.subject, `affiliate:${lia.id}`),
        ),
      );
    expect(logged).toEqual([
      { actorId: lia.userId, details: { method: "pix", hint: second.hint }, ip: "198.51.100.4" },
    ]);

    // Her export has them; erasing her account takes them with it.
    const exported = await payoutDataForExport(database.db, lia.id);
    expect(exported.payoutDetails).toMatchObject({
      method: "pix",
      key: `lia.${marker}@example.com`,
    });
    await database.db.delete(user).where(eq(user.id, lia.userId));
    expect(
      await database.db
        .select()
        .from(affiliatePayoutDetails)
        .where(eq(affiliatePayoutDetails.affiliateId, lia.id)),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(affiliatePayoutDetailChanges)
        .where(eq(affiliatePayoutDetailChanges.affiliateId, lia.id)),
    ).toEqual([]);
  });
});
