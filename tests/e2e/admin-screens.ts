import type { APIRequestContext } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { expect } from "./fixtures.ts";

/**
 * What an admin's screens show, read from the HTML the server renders for her (no script runs):
 * the values the attack tests compare before and after, and the ids they aim at. Statuses, roles
 * and states are read from their `<data>` elements (the value as stored, whatever the language
 * the words are in); the rest from the forms and links the screens offer her.
 */

type Node = ReturnType<typeof parseDocument>;
type Element = ReturnType<typeof DomUtils.findAll>[number];

async function screen(client: APIRequestContext, url: string): Promise<Node> {
  const response = await client.get(url, { maxRedirects: 0 });
  expect(response.status(), `GET ${url}`).toBe(200);
  return parseDocument(await response.text());
}

const tag =
  (name: string, attributes: Record<string, string> = {}) =>
  (element: Element) =>
    element.name === name &&
    Object.entries(attributes).every(([key, value]) => element.attribs[key] === value);

const all = (within: Node | Element, test: (element: Element) => boolean) =>
  DomUtils.findAll(test, [within]);

function one(within: Node | Element, test: (element: Element) => boolean, what: string) {
  const found = DomUtils.findOne(test, [within]);
  expect(found, what).not.toBeNull();
  return found!;
}

const text = (element: Element) => DomUtils.textContent(element).trim();
const value = (element: Element) => element.attribs.value ?? "";

/** A list's row whose cell reads exactly `cell` (her address). */
function rowWith(document: Node, cell: string, url: string) {
  return one(
    document,
    (row) => row.name === "tr" && all(row, tag("td")).some((td) => text(td) === cell),
    `${url}: the row of ${cell}`,
  );
}

/** The application sent from `email`: its box to tick on the pending list holds its id. */
export async function pendingApplicationId(client: APIRequestContext, email: string) {
  const url = `/admin/pendentes?${new URLSearchParams({ q: email })}`;
  const row = rowWith(await screen(client, url), email, url);
  return Number(value(one(row, tag("input", { name: "id" }), `${url}: the box of ${email}`)));
}

/** The affiliate of `email`: her name on the list links to her page, by id. */
export async function affiliateId(client: APIRequestContext, email: string) {
  const url = `/admin/afiliados?${new URLSearchParams({ q: email })}`;
  const row = rowWith(await screen(client, url), email, url);
  const link = one(
    row,
    (a) => a.name === "a" && /^\/admin\/afiliados\/\d+$/.test(a.attribs.href ?? ""),
    `${url}: the link to ${email}`,
  );
  return Number(link.attribs.href!.split("/").pop());
}

/** Every account on the users screen: her address (its value, the account's id), role, state. */
export async function accounts(client: APIRequestContext) {
  const document = await screen(client, "/admin/users");
  return all(document, tag("tr"))
    .map((row) => all(row, tag("data")))
    .filter((values) => values.length === 3)
    .map(([account, role, state]) => ({
      id: value(account!),
      email: text(account!),
      role: value(role!),
      disabled: value(state!) === "disabled",
    }));
}

/** The status beside a screen's heading (an application's, an affiliate's). */
function headingStatus(document: Node, url: string) {
  const heading = one(document, tag("h1"), `${url}: its heading`);
  return {
    heading: text(heading),
    status: value(one(heading.parent as Element, tag("data"), `${url}: the status`)),
  };
}

/** An application's page: its status, the name at its head, whether erased, its history. */
export async function application(client: APIRequestContext, id: number) {
  const url = `/admin/cadastros/${id}`;
  const document = await screen(client, url);
  const { heading, status } = headingStatus(document, url);
  const history = one(
    document,
    tag("section", { "aria-labelledby": "history-title" }),
    `${url}: the history`,
  );
  const privacy = one(
    document,
    tag("section", { "aria-labelledby": "privacy-title" }),
    `${url}: the privacy actions`,
  );
  return {
    status,
    name: heading,
    // Erased, her page offers no erasure any more (only the export of what is left).
    erased: !DomUtils.findOne(tag("form", { action: `${url}/erase` }), [privacy]),
    decisions: all(history, tag("li")).length,
  };
}

/** An affiliate's status, beside her name on her page. */
export async function affiliateStatus(client: APIRequestContext, id: number) {
  const url = `/admin/afiliados/${id}`;
  return headingStatus(await screen(client, url), url).status;
}

/** The value a screen's form field holds (the SMTP host, the retention's months). */
export async function fieldValue(client: APIRequestContext, url: string, name: string) {
  const document = await screen(client, url);
  return value(one(document, tag("input", { name }), `${url}: the field ${name}`));
}
