import type { Database } from "#app/db/db.server.ts";
import { recordAccess, type Actor } from "#app/db/access-log.server.ts";
import { centsAsDecimal } from "#app/features/statements/money.ts";
import { csvStream, type CsvColumn } from "#app/utils/csv.server.ts";
import { batchDetail } from "./batches.server.ts";
import { decryptDetails } from "./details.server.ts";

/**
 * A value the product wrote or checked itself (an amount, a PIX phone key "+5548…"): csvCell
 * quotes every cell but guards only strings against formulas, and a phone key must reach the
 * bank with its "+". What she typed freely (the holder's name) stays a string, and is guarded.
 */
class Checked {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

interface BankRow {
  payout: number;
  name: string;
  email: string;
  amount: Checked;
  method: string;
  keyType: string;
  key: Checked | string;
  bankCode: string;
  branch: string;
  account: string;
  accountType: string;
  holderName: string;
  holderDocument: string;
}

const columns: CsvColumn<BankRow>[] = [
  ["payout", (row) => row.payout],
  ["name", (row) => row.name],
  ["email", (row) => row.email],
  ["amount_brl", (row) => row.amount],
  ["method", (row) => row.method],
  ["pix_key_type", (row) => row.keyType],
  ["pix_key", (row) => row.key],
  ["bank_code", (row) => row.bankCode],
  ["branch", (row) => row.branch],
  ["account", (row) => row.account],
  ["account_type", (row) => row.accountType],
  ["holder_name", (row) => row.holderName],
  ["holder_document", (row) => row.holderDocument],
];

/**
 * The bank's file of a batch: each payout with the details it was made to, decrypted, and its
 * access-log line written before a byte leaves. Null when there is no such batch.
 */
export async function bankFile(db: Database, actor: Actor, batchId: number) {
  const found = await batchDetail(db, batchId);
  if (!found) return null;
  const rows = found.payouts.map((payout): BankRow => {
    const details = decryptDetails(payout.detailsEncrypted);
    const base = {
      payout: payout.id,
      name: payout.name,
      email: payout.email,
      amount: new Checked(centsAsDecimal(payout.amountCents)),
      method: details.method,
    };
    if (details.method === "pix") {
      return {
        ...base,
        keyType: details.keyType,
        key: details.keyType === "phone" ? new Checked(details.key) : details.key,
        bankCode: "",
        branch: "",
        account: "",
        accountType: "",
        holderName: "",
        holderDocument: "",
      };
    }
    return {
      ...base,
      keyType: "",
      key: "",
      bankCode: details.bankCode,
      branch: details.branch,
      account: details.account,
      accountType: details.accountType,
      holderName: details.holderName,
      holderDocument: details.holderDocument,
    };
  });
  await recordAccess(db, "affiliate.payout-export", {
    actor,
    subject: `payout-batch:${batchId}`,
    details: { batch: batchId, payouts: rows.length },
  });
  async function* each() {
    yield* rows;
  }
  return csvStream(columns, each());
}
