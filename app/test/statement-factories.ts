import { createHash } from "node:crypto";
import { eq, and, isNotNull, max } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { contractTemplates, modelContracts } from "#app/db/schema.server.ts";

/**
 * A contract she signed, written as signing leaves it (the contracts' own screens make real ones):
 * what the statements read of it is its state, its start day and the agency's percentage.
 */
export async function insertSignedContract(
  db: Database,
  input: {
    submissionId: number;
    basisPoints: number;
    startsOn: string;
    state?: "offered" | "signed" | "countersigned" | "withdrawn";
    signedAt?: Date;
  },
) {
  const language = "pt";
  const [last] = await db
    .select({ version: max(contractTemplates.version) })
    .from(contractTemplates)
    .where(and(eq(contractTemplates.language, language), isNotNull(contractTemplates.version)));
  const [template] = await db
    .insert(contractTemplates)
    .values({
      language,
      version: (last?.version ?? 0) + 1,
      title: "Contrato de agenciamento",
      body: "## Partes\n\nTexto do contrato.",
      publishedAt: new Date(),
    })
    .returning({ id: contractTemplates.id });
  const text = `Contrato de agenciamento, ${input.basisPoints / 100} %.`;
  const state = input.state ?? "signed";
  const signed = state === "signed" || state === "countersigned";
  const [contract] = await db
    .insert(modelContracts)
    .values({
      submissionId: input.submissionId,
      templateId: template!.id,
      state,
      agencyShareBasisPoints: input.basisPoints,
      startsOn: input.startsOn,
      language,
      text,
      textSha256: createHash("sha256").update(text).digest("hex"),
      ...(signed
        ? {
            signedName: "Ana Souza",
            signedAt: input.signedAt ?? new Date(),
            signedIp: "203.0.113.9",
            signedUserAgent: "test",
            signedWith: "password",
          }
        : {}),
      ...(state === "countersigned"
        ? { countersignedName: "Agência", countersignedAt: new Date() }
        : {}),
    })
    .returning({ id: modelContracts.id });
  return contract!.id;
}
