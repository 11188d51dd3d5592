import { writeFileSync } from "node:fs";
import { renderPdf } from "./features/documents/pdf.server.ts";
const bytes = await renderPdf({
  title: "Contrato de agenciamento — versão 3", language: "pt-BR", footer: "Maré Talent Ltda · CNPJ 12.345.678/0001-95",
  blocks: [
    { kind: "title", text: "Contrato de agenciamento" },
    { kind: "paragraph", text: "Entre Maré Talent Ltda, CNPJ 12.345.678/0001-95, e Ana Conceição da Silva, documento terminado em 1234, as partes acordam o seguinte." },
    { kind: "heading", text: "1. Objeto" },
    { kind: "paragraph", text: "A agência representa a criadora nas plataformas de conteúdo, cuidando de agenda, negociação e marketing. ".repeat(4) },
    { kind: "listItem", text: "Percentual da agência: 33,33 % dos ganhos brutos." },
    { kind: "listItem", text: "Início: 1 de dezembro de 2026. Um item mais longo que quebra a linha para ver o recuo da segunda linha do item da lista." },
    { kind: "heading", text: "Extrato" },
    { kind: "table", columns: ["Plataforma", "Bruto", "Agência", "Líquido"], rows: [["OnlyFans", "R$ 1.234,56", "R$ 411,48", "R$ 823,08"],["Privacy", "R$ 100,01", "R$ 33,33", "R$ 66,68"],["Total", "R$ 1.334,57", "R$ 444,81", "R$ 889,76"]], align: ["left","right","right","right"], boldRows: [2] },
    { kind: "pageBreak" },
    { kind: "title", text: "Registro de assinatura" },
    { kind: "fields", rows: [["Versão do modelo", "pt · v3"], ["SHA-256 do texto", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"], ["Nome digitado", "Ana Conceição da Silva"], ["Assinado em", "29/11/2026 09:14:03 (Brasília) · 2026-11-29T12:14:03Z"], ["IP", "2001:db8::1"], ["Navegador", "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"]] },
    { kind: "note", text: "Assinatura eletrônica por acordo entre as partes (MP 2.200-2/2001, art. 10 §2)." },
  ],
});
writeFileSync("/tmp/demo.pdf", bytes);
