import { Parser } from "htmlparser2";
import { LinkifyIt } from "linkify-it";

/**
 * What a mail program would make clickable in a mail: the judge of the tests on visitor text in
 * mail. linkify-it links what Gmail, Outlook and phones link in text (`https://…`, `//host`,
 * `www.…`, bare domains, addresses, IPs), here with every fuzzy rule on and the reserved test
 * names (`evil.example`) counted as real domains.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(
  ["example", "test", "invalid", "localhost"],
  true,
);

/**
 * Text as the laxest reader takes it: Unicode's compatibility forms (`．` `＠` `⒈`), the full
 * stops IDNA reads as dots (`。` `｡`), and the invisible characters a browser drops from a host
 * name (zero-width spaces and joiners, the word joiner, the soft hyphen) left out.
 */
const loosened = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/[\u3002\uff61]/g, ".")
    .replace(/\p{Default_Ignorable_Code_Point}/gu, "");

/** Every link a linkifier finds in `text`, as written and as the laxest reader takes it. */
export function linksInText(text: string): string[] {
  return [
    ...new Set(
      [text, loosened(text)].flatMap((variant) => linkify.match(variant)?.map((m) => m.url) ?? []),
    ),
  ];
}

/** An HTML part as a mail program reads it: its addresses (href, src …) and its text. */
export function readHtml(html: string) {
  const addresses: string[] = [];
  let text = "";
  const parser = new Parser(
    {
      onopentag(_name, attributes) {
        for (const [name, value] of Object.entries(attributes)) {
          if (/^(href|src|action|formaction|background|cite|data|poster|xlink:href)$/i.test(name))
            addresses.push(value);
        }
      },
      ontext(chunk) {
        text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { addresses, text };
}

/**
 * Every address a reader could follow in a delivered mail: the HTML's own links, and what a
 * linkifier makes of its subject, its text part and the HTML's text.
 */
export function linksInMail(mail: { subject?: string; text?: string; html?: string | false }) {
  const html = readHtml(mail.html || "");
  return [
    ...html.addresses,
    ...linksInText(mail.subject ?? ""),
    ...linksInText(mail.text ?? ""),
    ...linksInText(html.text),
  ];
}
