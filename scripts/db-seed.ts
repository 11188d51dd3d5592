/**
 * `npm run db:seed [-- --count N]`: demo applications for a new developer to look at (300 by
 * default), or a large set for benchmarks (`--count 1000000`). Spread over the last six months,
 * the three statuses, the three sources, the six languages and a few referral codes, each with
 * its status history; the chatbot's and sign-up's applications carry a document's last four
 * digits (without the encrypted document, so they cannot be revealed). Each referral code
 * belongs to a demo affiliate, made with the tests' factories (app/test/factories.ts) unless
 * already there. The applications are generated in SQL, in batches, so a million rows take
 * seconds on PostgreSQL (one factory call each would take hours).
 * With the embedded database, stop the server first.
 */
import { inArray, sql } from "drizzle-orm";
import { affiliates } from "#app/db/schema.server.ts";
import { insertAffiliate } from "#app/test/factories.ts";
import { openDatabaseForCommand } from "./open-database.ts";

const countArg = process.argv.indexOf("--count");
const count = countArg > 0 ? Number(process.argv[countArg + 1]) : 300;
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error("--count must be a whole number between 1 and 5,000,000");
  process.exit(1);
}
const BATCH = 50_000;

const firstNames = [
  "Ana",
  "Beatriz",
  "Camila",
  "Daniela",
  "Eduarda",
  "Fernanda",
  "Gabriela",
  "Helena",
  "Isabela",
  "Juliana",
  "Larissa",
  "Mariana",
  "Natália",
  "Olívia",
  "Paula",
  "Rafaela",
  "Sofia",
  "Tatiana",
  "Valentina",
  "Yasmin",
  "Lucía",
  "Giulia",
  "Emma",
  "Lena",
  "Ebba",
  "Chloe",
];
const lastNames = [
  "Souza",
  "Silva",
  "Oliveira",
  "Santos",
  "Pereira",
  "Costa",
  "Rodrigues",
  "Almeida",
  "Nascimento",
  "Lima",
  "García",
  "Rossi",
  "Müller",
  "Andersson",
  "Smith",
  "Fernández",
  "Bianchi",
  "Schmidt",
];
const referralCodes = ["ANA-2026", "BIA-FLORIPA", "LU-RIO", "MAYA-SP"];
/** The demo affiliate each code belongs to. */
const affiliateNames = ["Ana Prado", "Bia Floripa", "Luana Rio", "Maya Sampaio"];
const textArray = (values: string[]) =>
  sql.raw(`(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}])`);

const database = openDatabaseForCommand();
try {
  await database.migrate();
  const { db } = database;
  const started = Date.now();
  const existing = await db
    .select({ code: affiliates.referralCode })
    .from(affiliates)
    .where(inArray(affiliates.referralCode, referralCodes));
  for (const [index, code] of referralCodes.entries()) {
    if (existing.some((row) => row.code === code)) continue;
    await insertAffiliate(db, {
      referralCode: code,
      name: affiliateNames[index]!,
      email: `${code.toLowerCase()}@affiliates.example.com`,
    });
  }
  for (let offset = 0; offset < count; offset += BATCH) {
    const size = Math.min(BATCH, count - offset);
    await db.transaction(async (tx) => {
      // Deterministic spread from the row number; random() only for the dates.
      await tx.execute(sql`
        with rows as (
          select i, now() - random() * interval '180 days' as at,
            ${textArray(firstNames)}[1 + (i * 7) % ${firstNames.length}::int] as first_name,
            ${textArray(lastNames)}[1 + (i * 13) % ${lastNames.length}::int] as last_name,
            case when i % 4 = 0 then ${textArray(referralCodes)}[1 + (i / 4) % ${referralCodes.length}::int] end as code
          from generate_series(${offset + 1}::int, ${offset + size}::int) as i
        ), inserted as (
          insert into submissions (created_at, updated_at, status, source, language, full_name, email,
            email_normalized, age, whatsapp, instagram, experience, message, referral_code,
            document_last_digits, consent_version, consented_at, affiliate_id, first_decided_at)
          select at, at,
            case when i % 10 < 5 then 'Pendente' when i % 10 < 8 then 'Aprovado' else 'Reprovado' end,
            (array['form', 'chatbot', 'register'])[1 + (i * 5) % 3],
            (array['pt', 'pt', 'pt', 'es', 'en', 'it', 'de', 'sv'])[1 + (i * 3) % 8],
            first_name || ' ' || last_name,
            lower(first_name) || '.' || lower(last_name) || i || '@example.com',
            lower(first_name) || '.' || lower(last_name) || i || '@example.com',
            18 + (i * 7) % 22,
            case when i % 3 = 0 then null else '+55489' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0') end,
            '@' || lower(first_name) || '.' || i,
            (array['beginner', 'intermediate', 'advanced'])[1 + (i * 11) % 3],
            'Demo application number ' || i || '.',
            code,
            -- The chatbot and the sign-up ask for a document: its last four digits, as stored in
            -- clear beside the encrypted number (left out here: the demo has no real documents).
            case when (i * 5) % 3 <> 0 then lpad(((i::bigint * 4813 + 271) % 10000)::text, 4, '0') end,
            '2026-11-22/pt', at,
            (select id from affiliates where referral_code = code),
            -- Decided two days after applying, as the history below says.
            case when i % 10 >= 5 then at + interval '2 days' end
          from rows
          returning id, status, created_at
        )
        insert into submission_status_history (submission_id, from_status, to_status, changed_by, created_at)
        select id, null, 'Pendente', null, created_at from inserted
        union all
        select id, 'Pendente', status, 'seed', created_at + interval '2 days' from inserted
        where status <> 'Pendente'`);
    });
    process.stdout.write(
      `\r${Math.min(offset + size, count).toLocaleString("en")} / ${count.toLocaleString("en")}`,
    );
  }
  // Vacuumed as well: seeding a million rows takes long enough (the search's trigram index) for
  // autovacuum to run halfway, leaving the last pages not all-visible, and the dashboard's counts
  // then read the table instead of the index alone.
  if (database.kind === "postgres") await db.execute(sql`vacuum (analyze) submissions`);
  console.log(
    `\nseeded ${count.toLocaleString("en")} applications (${database.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
