import { renderPdf, type PdfBlock } from "#app/features/documents/pdf.server.ts";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { defaultLanguage, normalizeLanguage } from "#app/i18n/languages.ts";
import { auditTime } from "./audit-time.ts";
import { contractBlocks, formatShare } from "./contract-text.ts";
import type { ContractRecord } from "./contracts.server.ts";

/**
 * Her contract as a PDF: its title and text exactly as stored (the blocks of contract-text.ts, as
 * her screen shows them), then an audit page with the signature record: the template's version,
 * the SHA-256 of the text, the name she typed, when (UTC and Brasília), from which address and
 * browser, how she confirmed; and the agency's countersignature once there. Made on request
 * from the stored record, never stored itself.
 */
export async function contractPdf(contract: ContractRecord): Promise<Uint8Array> {
  const language = normalizeLanguage(contract.language) ?? defaultLanguage;
  const t = getFixedT(language);
  const label = (key: string) => t(`contracts.pdf.${key}`);
  const blocks: PdfBlock[] = [{ kind: "title", text: contract.title }];
  for (const block of contractBlocks(contract.text)) blocks.push(block);
  const signed = contract.signedAt ? auditTime(contract.signedAt) : null;
  const countersigned = contract.countersignedAt ? auditTime(contract.countersignedAt) : null;
  blocks.push(
    { kind: "pageBreak" },
    { kind: "title", text: label("auditTitle") },
    { kind: "paragraph", text: label("auditIntro") },
    {
      kind: "fields",
      rows: [
        [label("contract"), `#${contract.id}`],
        [label("version"), String(contract.version ?? "")],
        [label("share"), formatShare(contract.shareBasisPoints, language)],
        [label("sha256"), contract.textSha256],
        [label("offeredAt"), auditTime(contract.offeredAt).utc],
      ],
    },
    { kind: "heading", text: label("signatureHeading") },
    signed
      ? {
          kind: "fields",
          rows: [
            [label("typedName"), contract.signedName ?? ""],
            [label("signedAtUtc"), signed.utc],
            [label("signedAtBrasilia"), signed.brasilia],
            [label("ip"), contract.signedIp ?? ""],
            [label("userAgent"), contract.signedUserAgent ?? ""],
            [
              label("method"),
              label(`methods.${contract.signedWith === "totp" ? "totp" : "password"}`),
            ],
          ],
        }
      : { kind: "paragraph", text: label("notSigned") },
    { kind: "heading", text: label("countersignatureHeading") },
    countersigned
      ? {
          kind: "fields",
          rows: [
            [label("countersignedName"), contract.countersignedName ?? ""],
            [label("countersignedBy"), contract.countersignedBy ?? "—"],
            [label("signedAtUtc"), countersigned.utc],
            [label("signedAtBrasilia"), countersigned.brasilia],
          ],
        }
      : { kind: "paragraph", text: label("notCountersigned") },
    { kind: "note", text: label("legalNote") },
  );
  if (contract.consentWithdrawnAt) {
    blocks.push({
      kind: "note",
      text: t("contracts.pdf.consentWithdrawn", { at: auditTime(contract.consentWithdrawnAt).utc }),
    });
  }
  return renderPdf({
    title: contract.title,
    language: language === "pt" ? "pt-BR" : language,
    blocks,
    footer: t(
      contract.state === "countersigned" ? "contracts.pdf.footerFinal" : "contracts.pdf.footer",
      { id: contract.id },
    ),
  });
}

/** The file's name: the contract's number and its stage, so the final one is told apart. */
export const contractFileName = (contract: { id: number; state: string }) =>
  `contract-${contract.id}${contract.state === "countersigned" ? "-final" : ""}.pdf`;
