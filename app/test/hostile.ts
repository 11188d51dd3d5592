import fc, { type Arbitrary } from "fast-check";

/**
 * Hostile input for the fuzz tests of the routes (app/routes/routes-fuzz.server.test.ts) and the
 * browser test of stored markup: text no form would send, bodies no browser would post.
 */

/** Markup that would run if it reached a page unescaped. */
export const markupPayloads = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  "<iframe src=javascript:alert(1)></iframe>",
  "javascript:alert(1)",
  "</textarea><script>alert(1)</script>",
  "</title><script>alert(1)</script>",
  '<a href="javascript:alert(1)">x</a>',
  "<style>*{display:none}</style>",
  "{{constructor.constructor('alert(1)')()}}",
  "${alert(1)}",
] as const;

/** Text that breaks parsers, queries, encodings and logs. */
export const hostileSamples = [
  ...markupPayloads,
  // SQL, as it would be typed into a form.
  "' OR '1'='1",
  "'; DROP TABLE submissions; --",
  "1; SELECT pg_sleep(0); --",
  "%' AND 1=1 --",
  "\\' OR 1=1 /*",
  // Keys and values that pollute prototypes or templates.
  "__proto__",
  "constructor",
  "prototype",
  "{{name}}",
  "{{link}}",
  // Unicode: NUL, lone surrogates, bidirectional and zero-width marks, combining marks, emoji.
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "x\uDBFFy",
  "\u202Eevil\u202C",
  "\u200F\u05E9\u05DC\u05D5\u05DD",
  "\u200B\u200C\u200D\u2060\uFEFF",
  "e\u0301\u0301\u0301\u0301",
  "Z\u0334\u0321\u0316\u0344a\u0337l\u0336g\u0338o\u0335",
  "👩🏽‍💻🏳️‍⚧️🇧🇷",
  "\u{1F600}".repeat(50),
  "\r\nSet-Cookie: mare.session_token=x",
  "\t\v\f\b\u001B[31m",
  "%00%0d%0a%3Cscript%3E",
  "../../../../etc/passwd",
  "ﬀ\u0130\u0131ß",
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "9".repeat(40),
  "true",
  "null",
  "[object Object]",
] as const;

/** Any UTF-16 code unit, so lone surrogates and control characters come up as often as letters. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** A hostile piece of text: a known troublemaker, random code units or graphemes, or a huge one. */
export const hostileText: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileSamples), weight: 6 },
  { arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...hostileSamples), fc.constantFrom(...hostileSamples))
      .map(([a, b]) => `${a}${b}`),
    weight: 2,
  },
  // Past every field's limit, and past the 64 KB an application may be.
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom("x", "ç", "<b>", "\u{1F600}", "\u0000"),
        fc.integer({ min: 300, max: 70_000 }),
      )
      .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length))),
    weight: 1,
  },
);

/**
 * A value for a field that has a valid form: the valid value, a hostile one, or the valid value
 * with hostile text around it (which a lenient schema may well store).
 */
export function fieldValue(valid?: Arbitrary<string>): Arbitrary<string> {
  if (!valid) return hostileText;
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: hostileText, weight: 3 },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...hostileSamples), fc.boolean())
        .map(([value, extra, before]) => (before ? `${extra}${value}` : `${value}${extra}`)),
      weight: 2,
    },
  );
}

/** Names no form has, several of which change objects they are assigned to. */
const strangeKeys = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "__proto__[role]",
    "constructor[prototype][role]",
    "hasOwnProperty",
    "toString",
    "valueOf",
    "role",
    "isAdmin",
    "emailVerified",
    "",
  ),
  fc.string({ unit: codeUnit, maxLength: 12 }),
);

/** A JSON value of any type, where the route expects a string. */
const wrongTypes: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, [], {}, [""], { toString: "x" }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"role":"admin","isAdmin":true}}') as unknown),
);

/** A request body as sent: what it is, the bytes, and its Content-Type (null: none). */
export interface Payload {
  kind: string;
  body: BodyInit | null;
  contentType: string | null;
}

/** A field whose values are exactly these, never mixed with hostile text (see `Fields`). */
export interface Exact {
  exact: Arbitrary<string>;
}
export const exact = (arbitrary: Arbitrary<string>): Exact => ({ exact: arbitrary });

/**
 * The fields a route reads, each with its valid values (which get hostile ones mixed in), or
 * `exact(…)` values only, always sent: for a field whose valid values would change what other
 * tests share.
 */
export type Fields = Record<string, Arbitrary<string> | Exact>;

const isExact = (field: Arbitrary<string> | Exact | undefined): field is Exact =>
  !!field && "exact" in field;
const validOf = (field: Arbitrary<string> | Exact | undefined) =>
  isExact(field) ? field.exact : (field ?? hostileText);
const valuesOf = (field: Arbitrary<string> | Exact | undefined) =>
  isExact(field) ? field.exact : fieldValue(field);

/**
 * Name/value pairs of a form. Half the time, every field the route reads with a valid value and
 * one or two of them made hostile (so the input gets past validation and is stored); otherwise
 * each field missing, valid or hostile at random. Strange keys and repeated fields on top.
 */
function formEntries(fields: Fields): Arbitrary<[string, string][]> {
  const names = Object.keys(fields);
  const pair = (name: string, value: Arbitrary<string>) =>
    value.map((text): [string, string] => [name, text]);
  // An exact field is always sent: left out, it would read as empty, which may be valid.
  const chaos = fc.tuple(
    ...names.map((name) =>
      isExact(fields[name])
        ? pair(name, valuesOf(fields[name]))
        : fc.option(pair(name, valuesOf(fields[name])), { freq: 5, nil: null }),
    ),
  );
  const nearlyValid =
    names.length > 0
      ? fc
          .tuple(
            fc.tuple(...names.map((name) => pair(name, validOf(fields[name])))),
            fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 2 }),
          )
          .chain(([valid, spoiled]) =>
            fc.tuple(
              ...valid.map(([name, value]) =>
                spoiled.includes(name) && !isExact(fields[name])
                  ? pair(name, spoil(value))
                  : fc.constant<[string, string]>([name, value]),
              ),
            ),
          )
      : fc.constant([]);
  const own = fc.oneof(chaos, nearlyValid);
  const extra = fc.array(fc.tuple(strangeKeys, hostileText), { maxLength: 3 });
  const duplicates =
    names.length > 0
      ? fc.array(
          fc.constantFrom(...names).chain((name) => pair(name, valuesOf(fields[name]))),
          { maxLength: 2 },
        )
      : fc.constant([] as [string, string][]);
  return fc
    .tuple(own, extra, duplicates, fc.boolean())
    .map(([given, more, again, duplicatesFirst]) => {
      const present = given.filter((entry): entry is [string, string] => entry !== null);
      return duplicatesFirst ? [...again, ...present, ...more] : [...present, ...more, ...again];
    });
}

/** A valid value made hostile: replaced, or with hostile text before or after it. */
const spoil = (value: string) =>
  fc.oneof(
    hostileText,
    fc
      .tuple(fc.constantFrom(...hostileSamples), fc.boolean())
      .map(([extra, before]) => (before ? `${extra}${value}` : `${value}${extra}`)),
  );

/** JSON text of an object, written out by hand so `__proto__` and repeated keys survive. */
function jsonObject(entries: [string, unknown][]) {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`;
}

const malformedJson = fc.constantFrom(
  "{",
  '{"fullName":',
  "[1,2",
  "null",
  "[]",
  '"text"',
  "42",
  "{'single':'quotes'}",
  '{"a":1}}',
  "\u0000",
  "\uFEFF{}",
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
);

const wrongContentTypes = fc.constantFrom(
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/xml",
  "application/octet-stream",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=zz",
  "application/x-www-form-urlencoded; charset=utf-16",
  "application/json; charset=ascii",
  "application/javascript",
  "<script>",
  "",
);

/**
 * A body for a route that reads `fields`: form-encoded or multipart (the browser's ways), JSON
 * (the chatbot's), broken JSON, a body under a Content-Type that does not describe it, a huge
 * one, or nothing at all.
 */
export function payload(fields: Fields): Arbitrary<Payload> {
  const entries = formEntries(fields);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: entries.map((pairs): Payload => ({
        kind: "urlencoded",
        body: new URLSearchParams(pairs).toString(),
        contentType: "application/x-www-form-urlencoded",
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(entries, fc.boolean()).map(([pairs, withFile]): Payload => {
        const form = new FormData();
        for (const [name, value] of pairs) form.append(name, value);
        // A file where the route expects text.
        if (withFile && pairs[0]) {
          form.append(
            pairs[0][0],
            new Blob(["<script>alert(1)</script>"], { type: "text/html" }),
            "x.html",
          );
        }
        return { kind: "multipart", body: form, contentType: null };
      }),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          entries,
          fc.array(fc.tuple(fc.constantFrom(...Object.keys(fields), "__proto__"), wrongTypes), {
            maxLength: 3,
          }),
        )
        .map(([pairs, typed]): Payload => ({
          kind: "json",
          body: jsonObject([...pairs, ...typed]),
          contentType: "application/json",
        })),
    },
    {
      weight: 1,
      arbitrary: malformedJson.map((body): Payload => ({
        kind: "malformed json",
        body,
        contentType: "application/json",
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(entries, wrongContentTypes, fc.boolean())
        .map(([pairs, contentType, asForm]): Payload => ({
          kind: `as ${contentType || "(empty type)"}`,
          body: asForm ? new URLSearchParams(pairs).toString() : jsonObject(pairs),
          contentType,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Payload>(
        { kind: "empty, no type", body: null, contentType: null },
        { kind: "empty form", body: "", contentType: "application/x-www-form-urlencoded" },
        {
          kind: "1 MB form",
          body: `a=${"x".repeat(1024 * 1024)}`,
          contentType: "application/x-www-form-urlencoded",
        },
        {
          kind: "broken multipart",
          body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
          contentType: "multipart/form-data; boundary=zz",
        },
        {
          kind: "broken percent-encoding",
          body: "email=%E0%A4%A&password=%&%%%=%zz",
          contentType: "application/x-www-form-urlencoded",
        },
      ),
    },
  );
}

/** A query string of the route's parameters (some hostile) and strange ones, with its `?`. */
export function queryString(params: Fields): Arbitrary<string> {
  return formEntries(params).map((pairs) => {
    const query = new URLSearchParams(pairs).toString();
    return query ? `?${query}` : "";
  });
}

/** Cookies a browser never set, sent alongside (or instead of) the real ones. */
export const junkCookies = fc.option(
  fc.constantFrom(
    "lang=%3Cscript%3E",
    `lang=${"x".repeat(4000)}; lang=de`,
    "ref=%00%00; ref=<b>",
    ";;;=;=lang;lang==en",
    "mare.session_token=forged.c2lnbmF0dXJl",
    "mare.session_token=",
    "__proto__=x; constructor=y",
    "mare.two_factor=%E0%A4%A",
  ),
  { freq: 3, nil: undefined },
);

/** Headers a client may send: odd languages, odd origins, odd fetch metadata. */
export const junkHeaders: Arbitrary<Record<string, string>> = fc.record(
  {
    "accept-language": fc.constantFrom(
      "de;q=abc, en;q=-1, ,,;;",
      "<script>",
      "x".repeat(3000),
      "zz",
    ),
    "user-agent": fc.constantFrom("", "curl/8", "Googlebot/2.1", "<script>alert(1)</script>"),
    "sec-fetch-site": fc.constantFrom("same-origin", "none"),
    accept: fc.constantFrom("*/*", "application/json", "text/html", ""),
  },
  { requiredKeys: [] },
);
