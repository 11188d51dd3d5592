import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import { contractTemplates, modelContracts, statements } from "#app/db/schema.server.ts";
import type { Writer } from "#app/features/privacy/erasure.server.ts";

/*
 * Her contracts in her data export and in her erasure (issue 30; decision 055).
 */

/** Her applications' contracts, whole: text, hash, her signature's record, the states. */
export async function contractsForExport(db: Reader, submissionIds: readonly number[]) {
  const byApplication = new Map<number, Record<string, unknown>[]>();
  if (!submissionIds.length) return byApplication;
  const rows = await db
    .select({
      submissionId: modelContracts.submissionId,
      id: modelContracts.id,
      state: modelContracts.state,
      language: modelContracts.language,
      templateVersion: contractTemplates.version,
      title: contractTemplates.title,
      text: modelContracts.text,
      textSha256: modelContracts.textSha256,
      agencyShareBasisPoints: modelContracts.agencyShareBasisPoints,
      startsOn: modelContracts.startsOn,
      offeredAt: modelContracts.offeredAt,
      signedName: modelContracts.signedName,
      signedAt: modelContracts.signedAt,
      signedIp: modelContracts.signedIp,
      signedUserAgent: modelContracts.signedUserAgent,
      signedWith: modelContracts.signedWith,
      countersignedName: modelContracts.countersignedName,
      countersignedAt: modelContracts.countersignedAt,
      consentWithdrawnAt: modelContracts.consentWithdrawnAt,
    })
    .from(modelContracts)
    .innerJoin(contractTemplates, eq(contractTemplates.id, modelContracts.templateId))
    .where(inArray(modelContracts.submissionId, [...submissionIds]))
    .orderBy(asc(modelContracts.offeredAt), asc(modelContracts.id));
  for (const { submissionId, ...contract } of rows) {
    const list = byApplication.get(submissionId) ?? [];
    list.push(contract);
    byApplication.set(submissionId, list);
  }
  return byApplication;
}

/**
 * Erasure: offers she never signed (open or withdrawn) go, unless a statement was made from one
 * (its share must stay explained). A contract she signed is KEPT whole, text, hash and the record
 * of both signatures: it is the agreement itself, which the agency must be able to show for as
 * long as a claim under it can be made (LGPD art. 16, I and art. 7, VI; Código Civil art. 205),
 * and blanking any of it would break the hash that proves what was signed. Her name and
 * document digits are in its text, and her address and browser in its record, for that reason
 * only; nothing else of hers stays (her account, application and photos go as before).
 */
export async function eraseContracts(tx: Writer, submissionIds: readonly number[]) {
  if (!submissionIds.length) return;
  await tx
    .delete(modelContracts)
    .where(
      and(
        inArray(modelContracts.submissionId, [...submissionIds]),
        inArray(modelContracts.state, ["offered", "withdrawn"]),
        notExists(
          sql`(select 1 from ${statements} where ${statements.contractId} = ${modelContracts.id})`,
        ),
      ),
    );
}
