import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database, Reader } from "#app/db/db.server.ts";
import type { Actor } from "#app/db/access-log.server.ts";
import { recordAccess } from "#app/db/access-log.server.ts";
import { contractTemplates, settings, user } from "#app/db/schema.server.ts";
import { formatCnpj } from "#app/features/site/cnpj.ts";
import type { Language } from "#app/i18n/languages.ts";
import {
  formatDay,
  formatShare,
  normalizeContractText,
  type ContractValues,
} from "./contract-text.ts";

/*
 * The contract templates (issue 30): per language a draft an admin edits and the versions she
 * published. Publishing turns the draft's row into the next version (1, 2, …) in that language;
 * a published row is never written again, and a contract keeps its own copy of its text anyway.
 * Nothing legal is seeded: until the admin publishes a version in a language, a model of that
 * language is offered the Portuguese one, and with none at all no contract can be offered.
 */

export interface TemplateVersion {
  id: number;
  version: number;
  title: string;
  body: string;
  publishedAt: string;
  publishedBy: string | null;
}

export interface LanguageTemplates {
  draft: { title: string; body: string; updatedAt: string } | null;
  versions: TemplateVersion[];
}

/** A language's draft and published versions, newest first. */
export async function templatesOf(db: Reader, language: Language): Promise<LanguageTemplates> {
  const rows = await db
    .select({
      id: contractTemplates.id,
      version: contractTemplates.version,
      title: contractTemplates.title,
      body: contractTemplates.body,
      updatedAt: contractTemplates.updatedAt,
      publishedAt: contractTemplates.publishedAt,
      by: user.name,
    })
    .from(contractTemplates)
    .leftJoin(user, eq(user.id, contractTemplates.updatedBy))
    .where(eq(contractTemplates.language, language))
    .orderBy(desc(contractTemplates.version));
  const draft = rows.find((row) => row.version === null);
  return {
    draft: draft
      ? { title: draft.title, body: draft.body, updatedAt: draft.updatedAt.toISOString() }
      : null,
    versions: rows
      .filter((row) => row.version !== null)
      .map((row) => ({
        id: row.id,
        version: row.version!,
        title: row.title,
        body: row.body,
        publishedAt: row.publishedAt!.toISOString(),
        publishedBy: row.by,
      })),
  };
}

/** The latest version number published in each language (absent: none). */
export async function publishedLanguages(db: Reader): Promise<Record<string, number>> {
  const rows = await db
    .select({
      language: contractTemplates.language,
      version: sql<number>`max(${contractTemplates.version})::int`,
    })
    .from(contractTemplates)
    .where(isNotNull(contractTemplates.version))
    .groupBy(contractTemplates.language);
  return Object.fromEntries(rows.map((row) => [row.language, row.version]));
}

/**
 * Saves a language's draft; with `publish`, makes it the next version in the same transaction
 * (under a lock per language, so two admins publishing at once get versions n and n + 1, never
 * one number twice). Returns the version published, or null for a saved draft.
 */
export async function saveTemplate(
  db: Database,
  input: { language: Language; title: string; body: string; publish: boolean },
  actor: Actor,
): Promise<number | null> {
  const title = input.title.trim();
  const body = normalizeContractText(input.body);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`contract-template:${input.language}`}))`,
    );
    const [draft] = await tx
      .select({ id: contractTemplates.id })
      .from(contractTemplates)
      .where(
        and(eq(contractTemplates.language, input.language), isNull(contractTemplates.publishedAt)),
      )
      .for("update");
    let version: number | null = null;
    if (input.publish) {
      const [latest] = await tx
        .select({ version: sql<number>`coalesce(max(${contractTemplates.version}), 0)::int` })
        .from(contractTemplates)
        .where(eq(contractTemplates.language, input.language));
      version = latest!.version + 1;
    }
    const values = {
      title,
      body,
      updatedBy: actor.id,
      updatedAt: sql`now()`,
      ...(version ? { version, publishedAt: sql`now()` } : {}),
    };
    if (draft) {
      await tx.update(contractTemplates).set(values).where(eq(contractTemplates.id, draft.id));
    } else {
      await tx.insert(contractTemplates).values({ language: input.language, ...values });
    }
    await recordAccess(tx, "settings.contract-template", {
      actor,
      subject: `settings:contract-template:${input.language}`,
      details: version
        ? { language: input.language, change: "publish", version }
        : { language: input.language, change: "save" },
    });
    return version;
  });
}

/** The published template a contract in `language` is filled from: hers, else Portuguese. */
export async function templateFor(db: Reader, language: string) {
  for (const candidate of language === "pt" ? ["pt"] : [language, "pt"]) {
    const [row] = await db
      .select({
        id: contractTemplates.id,
        language: contractTemplates.language,
        version: contractTemplates.version,
        title: contractTemplates.title,
        body: contractTemplates.body,
      })
      .from(contractTemplates)
      .where(and(eq(contractTemplates.language, candidate), isNotNull(contractTemplates.version)))
      .orderBy(desc(contractTemplates.version))
      .limit(1);
    if (row) return { ...row, version: row.version! };
  }
  return null;
}

/** The agency's party to every contract: its legal name and CNPJ (normalised), set by an admin. */
export interface AgencyParty {
  legalName: string;
  cnpj: string;
}

const AGENCY_KEY = "contracts.agency";

export async function agencyParty(db: Reader): Promise<AgencyParty | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, AGENCY_KEY));
  const value = row?.value as Partial<AgencyParty> | undefined;
  return typeof value?.legalName === "string" && typeof value.cnpj === "string"
    ? { legalName: value.legalName, cnpj: value.cnpj }
    : null;
}

export async function saveAgencyParty(db: Database, party: AgencyParty, actor: Actor) {
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: AGENCY_KEY, value: { ...party }, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { ...party }, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    await recordAccess(tx, "settings.contract-agency", {
      actor,
      subject: `settings:${AGENCY_KEY}`,
      details: { legalName: party.legalName, cnpj: formatCnpj(party.cnpj) },
    });
  });
}

/** What the preview fills a template with: a sample model, the agency as saved (or its label). */
export function sampleValues(
  language: Language,
  agency: AgencyParty | null,
  t: (key: string) => string,
): ContractValues {
  return {
    legal_name: t("contracts.templates.sample.name"),
    document_last_digits: "1234",
    agency_share: formatShare(3000, language),
    start_date: formatDay(new Date().toISOString().slice(0, 10), language),
    agency_legal_name: agency?.legalName ?? t("contracts.templates.sample.agency"),
    agency_cnpj: agency ? formatCnpj(agency.cnpj) : "00.000.000/0000-00",
  };
}
