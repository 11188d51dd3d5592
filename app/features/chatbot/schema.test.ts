import fc, { type Arbitrary } from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localIsoToday } from "./format.ts";
import {
  type Answers,
  type ChatbotField,
  type Question,
  chatbotFields,
  chatbotLimits,
  countryCodes,
  questionFields,
  questions,
} from "./questions.ts";
import {
  ageOn,
  checkAnswer,
  isoToday,
  normalizeDocument,
  normalizeInstagram,
  validateChatbotApplication,
} from "./schema.ts";

/** The day the examples are checked on; the properties pick their own. */
const TODAY = "2026-11-22";

const valid = {
  fullName: "Ana Souza",
  dateOfBirth: "1990-05-17",
  country: "BR",
  city: "Florianópolis",
  phone: "+55 (48) 99999-9999",
  email: "ana@example.com",
  document: "123.456.789-09",
  instagram: "@ana.souza",
  experience: "beginner",
  message: "I would like to start creating content.",
  consent: "on",
} satisfies Answers;

const validate = (values: Answers, today = TODAY) => validateChatbotApplication(values, today);

/** The chat's check of one answer: its message key, or null when the answer is fine. */
const answerError = (question: Question, values: Answers, today: string) =>
  checkAnswer(question, values, today)?.error ?? null;

/** The message key of one field's error, asserting that validation failed. */
function errorOf(values: Answers, field: ChatbotField, today = TODAY) {
  const result = validate(values, today);
  expect(result.success).toBe(false);
  return result.success ? undefined : result.fieldErrors[field];
}

/** The checked value of one field, asserting that validation passed. */
function dataOf<F extends ChatbotField>(values: Answers, field: F, today = TODAY) {
  const result = validate(values, today);
  expect(result).toMatchObject({ success: true });
  return result.success ? result.data[field] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Dates, computed without the code under test: day numbers since 1970 and calendar years.

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (value: number, width = 2) => String(value).padStart(width, "0");
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoOfDay(dayNumber(iso) + days);
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) =>
  [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;

/**
 * The latest birth date of someone who is `years` old on `today`: the same day `years` earlier,
 * or 28 February for a 29 February in a common year (born 29 February, she has her birthday
 * on 1 March in common years, so on 28 February she is still the younger age).
 */
function yearsBefore(today: string, years: number) {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const then = year - years;
  const lastDay = Math.min(day, daysInMonth(then, month));
  return `${pad(then, 4)}-${pad(month)}-${pad(lastDay)}`;
}

/** Any day from 1900 to 2199, as YYYY-MM-DD. */
const anyDay = fc
  .integer({ min: dayNumber("1900-01-01"), max: dayNumber("2199-12-31") })
  .map(isoOfDay);

/** Some of the days the age rules are most likely to get wrong. */
const trickyDay = fc.constantFrom(
  "2024-02-29",
  "2028-02-29",
  "2000-02-29",
  "2100-02-28",
  "2100-03-01",
  "2026-02-28",
  "2026-03-01",
  "2026-01-01",
  "2026-12-31",
);
const today = fc.oneof(anyDay, trickyDay);

// ---------------------------------------------------------------------------------------------
// Strings made of given characters, and values with separators people type between them.

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const stringOf = (characters: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...characters), minLength, maxLength });

/** `value` with a separator (maybe empty) before, between and after its characters. */
const withSeparators = (value: string, separator: Arbitrary<string>) =>
  fc
    .array(separator, { minLength: value.length + 1, maxLength: value.length + 1 })
    .map(([first, ...rest]) => first + [...value].map((c, i) => c + rest[i]).join(""));

/** Spaces, tabs and new lines around an answer, which are trimmed. */
const blank = stringOf(" \t\n", 0, 3);

describe("ageOn", () => {
  it.each([
    ["1990-05-17", "2026-11-22", 36],
    ["2008-11-22", "2026-11-22", 18],
    ["2008-11-23", "2026-11-22", 17],
    ["2026-11-22", "2026-11-22", 0],
    ["2026-11-23", "2026-11-22", -1],
    ["2027-01-01", "2026-11-22", -1],
    // Born on 29 February: 18 on 1 March in a common year, on 29 February in a leap year.
    ["2008-02-29", "2026-02-28", 17],
    ["2008-02-29", "2026-03-01", 18],
    ["2010-02-29", "2028-02-29", null],
    ["2010-02-28", "2028-02-29", 18],
    ["2010-03-01", "2028-02-29", 17],
    ["2012-02-29", "2030-02-28", 17],
  ])("is the whole years from %s to %s: %s", (birth, on, age) => {
    expect(ageOn(birth, on)).toBe(age);
  });

  it.each([
    "2023-02-29",
    "1900-02-29",
    "2024-02-30",
    "2024-04-31",
    "2024-13-01",
    "2024-00-10",
    "2024-01-00",
    "2024-01-32",
    "1990-5-17",
    "17/05/1990",
    "1990-05-17T00:00:00Z",
    " 1990-05-17",
    "19900517",
    "",
    "yesterday",
  ])("is null for the impossible or badly written date %j", (birth) => {
    expect(ageOn(birth, TODAY)).toBeNull();
  });

  it("is null for a badly written day to count on", () => {
    expect(ageOn("1990-05-17", "22/11/2026")).toBeNull();
  });

  it("is n exactly on the latest birth date that is n years before, n - 1 a day later", () => {
    fc.assert(
      fc.property(today, fc.integer({ min: 1, max: 150 }), (on, years) => {
        const birth = yearsBefore(on, years);
        expect(ageOn(birth, on)).toBe(years);
        expect(ageOn(addDays(birth, 1), on)).toBe(years - 1);
      }),
    );
  });

  it("counts the birthdays between two days", () => {
    fc.assert(
      fc.property(anyDay, anyDay, (a, b) => {
        const [birth, on] = a <= b ? [a, b] : [b, a];
        const age = ageOn(birth, on)!;
        expect(age).toBeGreaterThanOrEqual(0);
        // She has had `age` birthdays by `on`, and not one more.
        expect(yearsBefore(on, age) >= birth).toBe(true);
        expect(yearsBefore(on, age + 1) < birth).toBe(true);
      }),
    );
  });

  it("is negative for a day after today", () => {
    fc.assert(
      fc.property(today, fc.integer({ min: 1, max: 5000 }), (on, days) => {
        expect(ageOn(addDays(on, days), on)).toBeLessThan(0);
      }),
    );
  });

  it("is null exactly for the days the calendar does not have", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 31 }),
        (year, month, day) => {
          const birth = `${year}-${pad(month)}-${pad(day)}`;
          const exists = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
          expect(ageOn(birth, TODAY) !== null).toBe(exists);
        },
      ),
    );
  });
});

describe("isoToday", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it("is the latest date anywhere on Earth (UTC+14)", () => {
    expect(isoToday(new Date("2026-11-22T09:59:59Z"))).toBe("2026-11-22");
    expect(isoToday(new Date("2026-11-22T10:00:00Z"))).toBe("2026-11-23");
    expect(isoToday(new Date("2026-11-22T23:59:59-03:00"))).toBe("2026-11-23");
  });

  // The chat checks her age on her own day; the server must never refuse what it accepted.
  it("is never before the day the chat checked her age on, so the server agrees with it", () => {
    vi.stubEnv("TZ", "Europe/Berlin");
    const now = new Date("2026-11-22T23:30:00Z"); // 00:30 on 23 November in Berlin
    vi.useFakeTimers({ now, toFake: ["Date"] });
    const dateOfBirth = "2008-11-23"; // her 18th birthday, in Berlin
    const chatDay = localIsoToday(now);
    expect(chatDay).toBe("2026-11-23");
    expect(answerError("dateOfBirth", { dateOfBirth }, chatDay)).toBeNull();
    expect(validateChatbotApplication({ ...valid, dateOfBirth })).toMatchObject({
      success: true,
    });
  });
});

describe("the date of birth", () => {
  it.each(["1990-05-17", " 1990-05-17 ", "2008-11-22", "1906-11-22"])(
    "accepts %j on 2026-11-22",
    (dateOfBirth) => {
      expect(answerError("dateOfBirth", { dateOfBirth }, TODAY)).toBeNull();
      expect(dataOf({ ...valid, dateOfBirth }, "dateOfBirth")).toBe(dateOfBirth.trim());
    },
  );

  it.each(["2008-11-23", "2026-11-22", "2020-01-01"])(
    "refuses %j on 2026-11-22 as a minor",
    (dateOfBirth) => {
      expect(answerError("dateOfBirth", { dateOfBirth }, TODAY)).toBe(
        "chatbot.errors.dateOfBirthMinor",
      );
      expect(errorOf({ ...valid, dateOfBirth }, "dateOfBirth")).toBe(
        "chatbot.errors.dateOfBirthMinor",
      );
    },
  );

  it.each(["", "   ", "2026-11-23", "2030-01-01", "1905-11-22", "0001-01-01", "2007-02-29"])(
    "refuses %j on 2026-11-22 as not a date of birth",
    (dateOfBirth) => {
      expect(errorOf({ ...valid, dateOfBirth }, "dateOfBirth")).toBe(
        "chatbot.errors.dateOfBirthInvalid",
      );
    },
  );

  it("counts 29 February as her birthday on 1 March in a common year", () => {
    expect(answerError("dateOfBirth", { dateOfBirth: "2008-02-29" }, "2026-02-28")).toBe(
      "chatbot.errors.dateOfBirthMinor",
    );
    expect(answerError("dateOfBirth", { dateOfBirth: "2008-02-29" }, "2026-03-01")).toBeNull();
  });

  it("accepts any date exactly 18 years or more (up to 120) before today", () => {
    fc.assert(
      fc.property(today, fc.integer({ min: 0, max: 100 * 365 }), (on, days) => {
        const dateOfBirth = addDays(yearsBefore(on, 18), -days);
        expect(answerError("dateOfBirth", { dateOfBirth }, on)).toBeNull();
        expect(validate({ ...valid, dateOfBirth }, on).success).toBe(true);
      }),
    );
  });

  it("refuses any date later than 18 years before today, up to today, as a minor", () => {
    // 18 years have at least 6574 days, so every one of these days is today or before.
    fc.assert(
      fc.property(today, fc.integer({ min: 1, max: 6574 }), (on, days) => {
        const dateOfBirth = addDays(yearsBefore(on, 18), days);
        expect(dateOfBirth <= on).toBe(true);
        expect(errorOf({ ...valid, dateOfBirth }, "dateOfBirth", on)).toBe(
          "chatbot.errors.dateOfBirthMinor",
        );
      }),
    );
  });

  it("refuses any date after today as not a date of birth", () => {
    fc.assert(
      fc.property(today, fc.integer({ min: 1, max: 50_000 }), (on, days) => {
        const dateOfBirth = addDays(on, days);
        expect(answerError("dateOfBirth", { dateOfBirth }, on)).toBe(
          "chatbot.errors.dateOfBirthInvalid",
        );
      }),
    );
  });

  it("accepts an age of 120 and refuses anything older as not a date of birth", () => {
    fc.assert(
      fc.property(today, fc.integer({ min: 1, max: 50_000 }), (on, days) => {
        const oldest = addDays(yearsBefore(on, 121), 1);
        expect(answerError("dateOfBirth", { dateOfBirth: oldest }, on)).toBeNull();
        expect(answerError("dateOfBirth", { dateOfBirth: addDays(oldest, -days) }, on)).toBe(
          "chatbot.errors.dateOfBirthInvalid",
        );
      }),
    );
  });
});

describe("the full name", () => {
  it.each(["Ana", "Ana Souza", "  Lúa  ", "李小龙", "a".repeat(chatbotLimits.fullName)])(
    "accepts %j",
    (fullName) => {
      expect(answerError("fullName", { fullName }, TODAY)).toBeNull();
      expect(dataOf({ ...valid, fullName }, "fullName")).toBe(fullName.trim());
    },
  );

  it.each(["", "A", "Al", "  Al  ", "   "])("refuses %j", (fullName) => {
    expect(errorOf({ ...valid, fullName }, "fullName")).toBe("chatbot.errors.fullName");
  });

  it("refuses a name over 120 characters as too long", () => {
    expect(errorOf({ ...valid, fullName: "a".repeat(121) }, "fullName")).toBe(
      "chatbot.errors.tooLong",
    );
  });

  it("refuses any name of 2 characters or fewer", () => {
    fc.assert(
      fc.property(blank, fc.string({ maxLength: 2 }), blank, (before, name, after) => {
        expect(answerError("fullName", { fullName: before + name + after }, TODAY)).toBe(
          "chatbot.errors.fullName",
        );
      }),
    );
  });

  it("accepts any name of 3 to 120 characters, trimmed", () => {
    const name = fc
      .string({ minLength: 3, maxLength: chatbotLimits.fullName })
      .filter((s) => s.trim().length >= 3);
    fc.assert(
      fc.property(blank, name, blank, (before, fullName, after) => {
        expect(dataOf({ ...valid, fullName: before + fullName + after }, "fullName")).toBe(
          fullName.trim(),
        );
      }),
    );
  });

  it("refuses any name over 120 characters after trimming as too long", () => {
    const name = fc
      .string({ minLength: chatbotLimits.fullName + 1, maxLength: 400 })
      .filter((s) => s.trim().length > chatbotLimits.fullName);
    fc.assert(
      fc.property(name, (fullName) => {
        expect(answerError("fullName", { fullName }, TODAY)).toBe("chatbot.errors.tooLong");
      }),
    );
  });
});

describe("the location", () => {
  it("accepts every listed country, in any case, as its upper-case code", () => {
    const code = fc.constantFrom(...countryCodes);
    const typed = code.chain((c) =>
      fc
        .tuple(blank, fc.mixedCase(fc.constant(c)), blank)
        .map(([before, mixed, after]) => [c, before + mixed + after] as const),
    );
    fc.assert(
      fc.property(typed, ([expected, country]) => {
        expect(answerError("location", { country, city: "Floripa" }, TODAY)).toBeNull();
        expect(dataOf({ ...valid, country }, "country")).toBe(expected);
      }),
    );
  });

  it("refuses any two letters that are not a listed country", () => {
    const unknown = stringOf(LETTERS, 2, 2).filter((c) => !countryCodes.includes(c.toUpperCase()));
    fc.assert(
      fc.property(unknown, (country) => {
        expect(errorOf({ ...valid, country }, "country")).toBe("chatbot.errors.location");
      }),
    );
  });

  it.each(["", "B", "BRA", "Brazil", "UK", "XX", "B R", "EU", "12"])(
    "refuses the country %j",
    (country) => {
      expect(errorOf({ ...valid, country }, "country")).toBe("chatbot.errors.location");
      expect(answerError("location", { country, city: "Floripa" }, TODAY)).toBe(
        "chatbot.errors.location",
      );
    },
  );

  it.each(["Rio", "SP", "  Floripa ", "a".repeat(chatbotLimits.city)])(
    "accepts the city %j",
    (city) => {
      expect(dataOf({ ...valid, city }, "city")).toBe(city.trim());
    },
  );

  it.each(["", " ", "F", " F "])("refuses the city %j", (city) => {
    expect(errorOf({ ...valid, city }, "city")).toBe("chatbot.errors.location");
    expect(answerError("location", { country: "BR", city }, TODAY)).toBe("chatbot.errors.location");
  });

  it("refuses a city over 120 characters as too long", () => {
    expect(errorOf({ ...valid, city: "a".repeat(chatbotLimits.city + 1) }, "city")).toBe(
      "chatbot.errors.tooLong",
    );
  });
});

describe("the phone number", () => {
  /** Real numbers of several countries, as E.164 (the stored form). */
  const numbers = [
    "+5548991234567",
    "+351912345678",
    "+393331234567",
    "+390669821234",
    "+46701234567",
    "+4915123456789",
    "+14155552671",
    "+447911123456",
  ];
  const separator = stringOf(" -().", 0, 2);
  /** A number with separators between its digits (the "+" stays first). */
  const typedNumber = fc
    .constantFrom(...numbers)
    .chain((number) =>
      withSeparators(number.slice(1), separator).map((rest) => [number, `+${rest}`] as const),
    )
    .filter(([, phone]) => phone.trim().length <= chatbotLimits.phone);

  it.each([
    ["+55 (48) 99999-9999", "+5548999999999"],
    ["+1 (415) 555.2671", "+14155552671"],
    ["  +46701234567  ", "+46701234567"],
    ["+49-30-1234567", "+49301234567"],
    ["(+55) 48 99123-4567", "+5548991234567"],
  ])("accepts %j as %s", (phone, expected) => {
    expect(answerError("phone", { phone }, TODAY)).toBeNull();
    expect(dataOf({ ...valid, phone }, "phone")).toBe(expected);
  });

  it.each([
    ["BR", "(48) 99123-4567", "+5548991234567"],
    ["BR", "048 99123-4567", "+5548991234567"],
    ["BR", "48991234567", "+5548991234567"],
    ["PT", "912 345 678", "+351912345678"],
    ["IT", "333 123 4567", "+393331234567"],
    // Italy keeps its leading 0 in the international form; Sweden and Germany drop theirs.
    ["IT", "06 6982 1234", "+390669821234"],
    ["SE", "070-123 45 67", "+46701234567"],
    ["DE", "0151 23456789", "+4915123456789"],
    ["US", "(415) 555-2671", "+14155552671"],
  ])("with %s chosen, reads %j as %s", (country, phone, expected) => {
    expect(answerError("phone", { country, phone }, TODAY)).toBeNull();
    expect(dataOf({ ...valid, country, phone }, "phone")).toBe(expected);
  });

  it("keeps a number typed with its own +code, whatever the country", () => {
    expect(dataOf({ ...valid, country: "BR", phone: "+351 912 345 678" }, "phone")).toBe(
      "+351912345678",
    );
    expect(dataOf({ ...valid, country: "IT", phone: "+55 48 99123-4567" }, "phone")).toBe(
      "+5548991234567",
    );
  });

  it("reads a number in the chosen country only: a Brazilian number is not Portuguese", () => {
    expect(errorOf({ ...valid, country: "PT", phone: "(48) 99123-4567" }, "phone")).toBe(
      "chatbot.errors.phone",
    );
    expect(answerError("phone", { country: "PT", phone: "(48) 99123-4567" }, TODAY)).toBe(
      "chatbot.errors.phone",
    );
  });

  it("needs the +code when no country is known", () => {
    expect(answerError("phone", { phone: "(48) 99123-4567" }, TODAY)).toBe("chatbot.errors.phone");
    expect(errorOf({ ...valid, country: "XX", phone: "(48) 99123-4567" }, "phone")).toBe(
      "chatbot.errors.phone",
    );
  });

  it.each([
    "",
    "48 9",
    "+0 48 99999-9999",
    "+1234567",
    "+1234567890123456",
    "++5548999999999",
    "+55 48 9999x-9999",
    "+55 48 99999/9999",
    "+55 48 99999_9999",
    "+55 48 99999-9999 ext. 12",
    "tel:+5548999999999",
    "48 99123-4567+",
  ])("refuses %j", (phone) => {
    expect(errorOf({ ...valid, phone }, "phone")).toBe("chatbot.errors.phone");
  });

  it("refuses a phone number over 32 characters as too long", () => {
    expect(errorOf({ ...valid, phone: "+55 (48) 99999 - 9999 - 0000 - 00" }, "phone")).toBe(
      "chatbot.errors.tooLong",
    );
    expect(answerError("phone", { phone: `+5548999999999${" ".repeat(19)}x` }, TODAY)).toBe(
      "chatbot.errors.tooLong",
    );
  });

  it("accepts real numbers with spaces, dashes, dots and brackets, as E.164", () => {
    fc.assert(
      fc.property(typedNumber, ([number, phone]) => {
        expect(answerError("phone", { phone }, TODAY)).toBeNull();
        expect(dataOf({ ...valid, phone }, "phone")).toBe(number);
      }),
    );
  });

  it("refuses any number with too few or too many digits, a leading 0, or no plus and no country", () => {
    const wrong = fc.oneof(
      stringOf(DIGITS, 0, 6).map((rest) => `+1${rest}`),
      stringOf(DIGITS, 15, 25).map((rest) => `+1${rest}`),
      stringOf(DIGITS, 7, 14).map((rest) => `+0${rest}`),
      stringOf(DIGITS, 8, 15),
    );
    fc.assert(
      fc.property(wrong, (phone) => {
        expect(answerError("phone", { phone }, TODAY)).toBe("chatbot.errors.phone");
      }),
    );
  });

  it("refuses any number with a letter, a control or an invisible character in it", () => {
    const odd = fc.oneof(
      fc.constantFrom(...LETTERS),
      fc.constantFrom("\u0000", "\t", "\n", "\r", "\u001b", "\u007f", "\u200b", "\u202e", "\ufeff"),
    );
    const typed = fc
      .tuple(typedNumber, odd, fc.nat())
      .map(([[, number], c, at]) => {
        // Inside the number, between its first and last characters: at either end, the
        // whitespace and the byte-order mark are trimmed away like the spaces around them.
        const start = number.length - number.trimStart().length;
        const inner = number.trim().length;
        const i = start + 1 + (at % Math.max(1, inner - 1));
        return number.slice(0, i) + c + number.slice(i);
      })
      .filter((phone) => phone.length <= chatbotLimits.phone);
    fc.assert(
      fc.property(typed, fc.constantFrom("BR", "PT", "IT"), (phone, country) => {
        expect(answerError("phone", { country, phone }, TODAY)).toBe("chatbot.errors.phone");
      }),
    );
  });
});

describe("the e-mail address", () => {
  it.each(["ana@example.com", " Ana.Souza+chat@Example.com.br "])("accepts %j", (email) => {
    expect(dataOf({ ...valid, email }, "email")).toBe(email.trim());
  });

  it.each(["", "ana", "ana@", "@example.com", "ana@example", "ana example@x.com", "a@b@c.com"])(
    "refuses %j",
    (email) => {
      expect(errorOf({ ...valid, email }, "email")).toBe("chatbot.errors.email");
    },
  );

  it("accepts 254 characters and refuses 255 as too long", () => {
    const local = "a".repeat(64);
    const domain = (length: number) =>
      `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(length - 64 - 1 - 63 - 1 - 63 - 1)}`;
    const email = `${local}@${domain(chatbotLimits.email)}`;
    expect(email).toHaveLength(254);
    expect(dataOf({ ...valid, email }, "email")).toBe(email);
    expect(errorOf({ ...valid, email: `${local}@${domain(255)}` }, "email")).toBe(
      "chatbot.errors.tooLong",
    );
  });
});

describe("the document", () => {
  const separator = fc.constantFrom("", "", "", " ", ".", "-", "/");
  const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  it.each([
    ["123.456.789-09", "12345678909"],
    ["12.345.678-9", "123456789"],
    ["1234", "1234"],
    [" 12 34 ", "1234"],
    ["12/34-56.78", "12345678"],
    ["1".repeat(20), "1".repeat(20)],
  ])("accepts %j as %s", (document, digits) => {
    expect(answerError("document", { document }, TODAY)).toBeNull();
    expect(dataOf({ ...valid, document }, "document")).toBe(digits);
  });

  // Decision 035: the spec's "digits only" would refuse every one of these real documents.
  it.each([
    ["a Brazilian passport", "AB123456", "AB123456"],
    ["an Italian passport, typed in lower case", "ya 1234567", "YA1234567"],
    ["a German passport", "C01X00T47", "C01X00T47"],
    ["a Spanish DNI", "12345678-Z", "12345678Z"],
    ["a Portuguese citizen card", "12345678 9 ZZ1", "123456789ZZ1"],
    ["a Brazilian RG ending in X", "12.345.678-X", "12345678X"],
  ])("accepts %s, %j as %s", (_, document, stored) => {
    expect(answerError("document", { document }, TODAY)).toBeNull();
    expect(dataOf({ ...valid, document }, "document")).toBe(stored);
  });

  it.each([
    "",
    "123",
    "1.2.3",
    "ABCD",
    "passaporte",
    "1".repeat(21),
    "AB".repeat(10) + "1",
    "1234_5678",
    "1234,5678",
    "...-",
    "١٢٣٤٥",
    "ÀB123456",
    "АВ123456", // Cyrillic letters that look Latin
    "1234\t5678",
    "1234\n5678",
    "1234\u00005678",
    "1234\u200b5678",
    "1234\u202e5678",
  ])("refuses %j", (document) => {
    expect(errorOf({ ...valid, document }, "document")).toBe("chatbot.errors.document");
  });

  it("refuses a document of over 40 characters as too long, separators counted", () => {
    expect(errorOf({ ...valid, document: "1".repeat(41) }, "document")).toBe(
      "chatbot.errors.tooLong",
    );
    expect(
      answerError("document", { document: "1.2.3.4.5.6.7.8.9.0.1.2.3.4.5.6.7.8.9.0.1" }, TODAY),
    ).toBe("chatbot.errors.tooLong");
  });

  it("accepts any 4 to 20 digits with separators, as the digits alone", () => {
    const typed = stringOf(DIGITS, 4, 20).chain((digits) =>
      withSeparators(digits, separator)
        .filter((document) => document.length <= chatbotLimits.document)
        .map((document) => [digits, document] as const),
    );
    fc.assert(
      fc.property(typed, ([digits, document]) => {
        expect(normalizeDocument(document)).toBe(digits);
        expect(answerError("document", { document }, TODAY)).toBeNull();
        expect(dataOf({ ...valid, document }, "document")).toBe(digits);
      }),
    );
  });

  it("accepts any 4 to 20 Latin letters and digits with a digit among them, in capitals", () => {
    const typed = fc
      .tuple(stringOf(LETTERS + DIGITS, 3, 19), fc.constantFrom(...DIGITS), fc.nat())
      .map(([rest, digit, at]) => {
        const i = at % (rest.length + 1);
        return rest.slice(0, i) + digit + rest.slice(i);
      })
      .chain((value) =>
        withSeparators(value, separator)
          .filter((document) => document.length <= chatbotLimits.document)
          .map((document) => [value.toUpperCase(), document] as const),
      );
    fc.assert(
      fc.property(typed, ([stored, document]) => {
        expect(answerError("document", { document }, TODAY)).toBeNull();
        expect(dataOf({ ...valid, document }, "document")).toBe(stored);
      }),
    );
  });

  it("refuses any 1 to 3 or 21 to 40 characters, and letters without a digit", () => {
    const typed = fc
      .oneof(
        stringOf(DIGITS + UPPER, 1, 3),
        stringOf(DIGITS + UPPER, 21, 40),
        stringOf(LETTERS, 4, 20),
      )
      .chain((value) => withSeparators(value, separator))
      .filter((document) => document.length <= chatbotLimits.document);
    fc.assert(
      fc.property(typed, (document) => {
        expect(answerError("document", { document }, TODAY)).toBe("chatbot.errors.document");
      }),
    );
  });

  it("normalizeDocument drops separators only, capitalises, and twice is once", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const normalized = normalizeDocument(value);
        expect(normalized).not.toMatch(/[ \u00a0.\-/]/);
        expect(normalized).toBe(
          [...value]
            .filter((c) => !/[ \u00a0.\-/]/.test(c))
            .join("")
            .toUpperCase(),
        );
        expect(normalizeDocument(normalized)).toBe(normalized);
      }),
    );
  });
});

describe("the Instagram handle", () => {
  const HANDLE = `${LETTERS}${DIGITS}_.`;
  const isHandle = (h: string) => !h.startsWith(".") && !h.endsWith(".") && !h.includes("..");
  /** Letters, digits, periods and underscores, 1 to 30, no period first, last or twice. */
  const handle = stringOf(HANDLE, 1, 30).filter(isHandle);
  const at = fc.constantFrom("", "@");

  it.each([
    ["ana.souza", "@ana.souza"],
    ["@Ana.Souza", "@ana.souza"],
    ["  @ANA_souza_  ", "@ana_souza_"],
    ["_", "@_"],
    ["a".repeat(30), `@${"a".repeat(30)}`],
    ["https://www.instagram.com/Ana.Souza/", "https://www.instagram.com/Ana.Souza/"],
    ["http://instagram.com/ana", "http://instagram.com/ana"],
  ])("normalises %j to %j", (instagram, expected) => {
    expect(normalizeInstagram(instagram)).toBe(expected);
    expect(answerError("instagram", { instagram }, TODAY)).toBeNull();
    expect(dataOf({ ...valid, instagram }, "instagram")).toBe(expected);
  });

  it.each([
    "@",
    ".ana",
    "@.ana",
    "ana.",
    "ana..souza",
    "ana souza",
    "ana-souza",
    "ana@souza",
    "@@ana",
    "anã",
    "a".repeat(31),
    "instagram.com/ana",
    "ftp://instagram.com/ana",
    "javascript:alert(1)",
    "https://localhost/ana",
    "https://www.instagram.com/ana souza",
  ])("refuses %j", (instagram) => {
    expect(normalizeInstagram(instagram)).toBeNull();
    expect(errorOf({ ...valid, instagram }, "instagram")).toBe("chatbot.errors.instagram");
  });

  it("may be skipped", () => {
    for (const instagram of [undefined, "", "   "]) {
      expect(answerError("instagram", { instagram }, TODAY)).toBeNull();
      expect(dataOf({ ...valid, instagram }, "instagram")).toBeUndefined();
    }
  });

  it("refuses a link over 200 characters as too long", () => {
    const instagram = `https://instagram.com/${"a".repeat(chatbotLimits.instagram)}`;
    expect(errorOf({ ...valid, instagram }, "instagram")).toBe("chatbot.errors.tooLong");
    const longest = `https://instagram.com/${"a".repeat(chatbotLimits.instagram - 22)}`;
    expect(dataOf({ ...valid, instagram: longest }, "instagram")).toBe(longest);
  });

  it("accepts any valid handle, with or without @, as @ and lower case", () => {
    fc.assert(
      fc.property(blank, at, handle, blank, (before, prefix, h, after) => {
        const instagram = before + prefix + h + after;
        expect(normalizeInstagram(instagram)).toBe(`@${h.toLowerCase()}`);
        expect(answerError("instagram", { instagram }, TODAY)).toBeNull();
      }),
    );
  });

  it("refuses any handle with two periods in a row", () => {
    const typed = fc
      .tuple(at, stringOf(HANDLE, 0, 14), stringOf(HANDLE, 0, 14))
      .map(([prefix, a, b]) => `${prefix}${a}..${b}`);
    fc.assert(
      fc.property(typed, (instagram) => {
        expect(normalizeInstagram(instagram)).toBeNull();
        expect(answerError("instagram", { instagram }, TODAY)).toBe("chatbot.errors.instagram");
      }),
    );
  });

  it("refuses any handle with a period first or last", () => {
    const typed = fc
      .tuple(at, stringOf(HANDLE, 0, 29), fc.boolean())
      .map(([prefix, h, first]) => (first ? `${prefix}.${h}` : `${prefix}${h}.`));
    fc.assert(
      fc.property(typed, (instagram) => {
        expect(normalizeInstagram(instagram)).toBeNull();
      }),
    );
  });

  it("refuses any handle over 30 characters", () => {
    fc.assert(
      fc.property(at, stringOf(`${LETTERS}${DIGITS}_`, 31, 150), (prefix, h) => {
        const instagram = prefix + h;
        expect(normalizeInstagram(instagram)).toBeNull();
        expect(answerError("instagram", { instagram }, TODAY)).toBe("chatbot.errors.instagram");
      }),
    );
  });

  it("refuses any handle with another character in it", () => {
    const other = fc.constantFrom(
      ..." -!#$%&*+,/;<=>?@[]^`{|}~'\"\\\t",
      "é",
      "ã",
      "ç",
      "ß",
      "ı",
      "😀",
      "\u200b",
    );
    const typed = fc
      .tuple(at, handle, other, handle)
      .map(([prefix, a, c, b]) => `${prefix}${a}${c}${b}`);
    fc.assert(
      fc.property(typed, (instagram) => {
        expect(normalizeInstagram(instagram)).toBeNull();
        expect(answerError("instagram", { instagram }, TODAY)).toBe("chatbot.errors.instagram");
      }),
    );
  });
});

describe("the experience", () => {
  it.each(["beginner", "intermediate", "advanced"])("accepts %s", (experience) => {
    expect(answerError("experience", { experience }, TODAY)).toBeNull();
    expect(dataOf({ ...valid, experience }, "experience")).toBe(experience);
  });

  it.each(["", "expert", "Beginner", " beginner ", "__proto__", "toString"])(
    "refuses %j",
    (experience) => {
      expect(errorOf({ ...valid, experience }, "experience")).toBe("chatbot.errors.experience");
    },
  );
});

describe("the message", () => {
  it("may be skipped", () => {
    for (const message of [undefined, "", "   ", "\n\t"]) {
      expect(answerError("message", { message }, TODAY)).toBeNull();
      expect(dataOf({ ...valid, message }, "message")).toBeUndefined();
    }
  });

  it.each(["a", "123456789", "   123456789   "])("refuses %j as too short", (message) => {
    expect(errorOf({ ...valid, message }, "message")).toBe("chatbot.errors.message");
  });

  it.each(["0123456789", "  0123456789  ", "a".repeat(chatbotLimits.message)])(
    "accepts %j",
    (message) => {
      expect(dataOf({ ...valid, message }, "message")).toBe(message.trim());
    },
  );

  it("refuses a message over 2000 characters as too long", () => {
    expect(errorOf({ ...valid, message: "a".repeat(chatbotLimits.message + 1) }, "message")).toBe(
      "chatbot.errors.tooLong",
    );
  });

  it("refuses any message of 1 to 9 characters after trimming", () => {
    const short = fc.string({ minLength: 1, maxLength: 9 }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(blank, short, blank, (before, message, after) => {
        expect(answerError("message", { message: before + message + after }, TODAY)).toBe(
          "chatbot.errors.message",
        );
      }),
    );
  });

  it("accepts any message of 10 to 2000 characters after trimming", () => {
    const text = fc
      .string({ minLength: 10, maxLength: chatbotLimits.message })
      .filter((s) => s.trim().length >= 10);
    fc.assert(
      fc.property(blank, text, blank, (before, message, after) => {
        expect(dataOf({ ...valid, message: before + message + after }, "message")).toBe(
          message.trim(),
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe("the consent", () => {
  it.each([undefined, "", "off", "true", "ON", "yes"])('requires "on", not %j', (consent) => {
    expect(errorOf({ ...valid, consent }, "consent")).toBe("validation.consentRequired");
  });
});

describe("validateChatbotApplication", () => {
  it("accepts a complete application, normalised", () => {
    expect(validate(valid)).toEqual({
      success: true,
      data: {
        ...valid,
        phone: "+5548999999999",
        document: "12345678909",
        instagram: "@ana.souza",
      },
    });
  });

  it("lower-cases nothing but the Instagram handle and upper-cases the country", () => {
    const result = validate({ ...valid, country: " pt ", fullName: " Ana SOUZA " });
    expect(result.success && [result.data.country, result.data.fullName]).toEqual([
      "PT",
      "Ana SOUZA",
    ]);
  });

  it("reports every required answer of an empty application, once each", () => {
    expect(validate({})).toEqual({
      success: false,
      fieldErrors: {
        fullName: "chatbot.errors.fullName",
        dateOfBirth: "chatbot.errors.dateOfBirthInvalid",
        country: "chatbot.errors.location",
        city: "chatbot.errors.location",
        phone: "chatbot.errors.phone",
        email: "chatbot.errors.email",
        document: "chatbot.errors.document",
        experience: "chatbot.errors.experience",
        consent: "validation.consentRequired",
      },
    });
  });

  it("ignores answers it does not know", () => {
    const result = validate({ ...valid, status: "Aprovado", age: "12" } as Answers);
    expect(result.success).toBe(true);
    if (result.success) expect(Object.keys(result.data).sort()).toEqual([...chatbotFields].sort());
  });

  it("treats values that are not strings as missing, without throwing", () => {
    const trap = {
      toString() {
        throw new Error("toString called");
      },
    };
    for (const value of [42, true, null, ["Ana"], { a: 1 }, trap, Symbol("x"), 10n]) {
      const values = Object.fromEntries(chatbotFields.map((field) => [field, value])) as Answers;
      expect(validate(values)).toEqual(validate({}));
    }
  });

  it("checks against today by default", () => {
    const adult = yearsBefore(isoToday(), 18);
    expect(validateChatbotApplication({ ...valid, dateOfBirth: adult }).success).toBe(true);
    expect(validateChatbotApplication({ ...valid, dateOfBirth: addDays(adult, 1) })).toMatchObject({
      success: false,
      fieldErrors: { dateOfBirth: "chatbot.errors.dateOfBirthMinor" },
    });
  });
});

describe("checkAnswer", () => {
  it("checks only the fields of its question", () => {
    expect(answerError("fullName", { fullName: "Ana", phone: "nope" }, TODAY)).toBeNull();
    expect(answerError("email", { email: "nope" }, TODAY)).toBe("chatbot.errors.email");
    for (const question of questions) {
      const fields = questionFields[question];
      const answers = Object.fromEntries(fields.map((f) => [f, valid[f]])) as Answers;
      expect(answerError(question, answers, TODAY)).toBeNull();
    }
  });

  it("names the field with the problem, the country before the city of a location", () => {
    expect(checkAnswer("email", { email: "nope" }, TODAY)).toEqual({
      field: "email",
      error: "chatbot.errors.email",
    });
    expect(checkAnswer("location", { country: "XX", city: "" }, TODAY)).toEqual({
      field: "country",
      error: "chatbot.errors.location",
    });
    expect(checkAnswer("location", { country: "BR" }, TODAY)).toEqual({
      field: "city",
      error: "chatbot.errors.location",
    });
    expect(checkAnswer("location", { country: "BR", city: "a".repeat(121) }, TODAY)).toEqual({
      field: "city",
      error: "chatbot.errors.tooLong",
    });
  });

  it("agrees with the whole application's check, question by question", () => {
    // Each answer a valid one, a typical wrong one, or anything at all.
    const samples: Record<ChatbotField, string[]> = {
      fullName: [valid.fullName, "Al", "a".repeat(121)],
      dateOfBirth: [valid.dateOfBirth, "2020-01-01", "2030-01-01", "2023-02-29"],
      country: [valid.country, "br", "XX"],
      city: [valid.city, "F"],
      phone: [valid.phone, "12345", `+55${"9".repeat(40)}`],
      email: [valid.email, "nope"],
      document: [valid.document, "12AB", "ABCD", "1".repeat(41)],
      instagram: [valid.instagram, "ana..souza", "https://instagram.com/ana"],
      experience: [valid.experience, "expert"],
      message: [valid.message, "short"],
      consent: ["on", "off"],
    };
    const answer = (field: ChatbotField) =>
      fc.option(fc.oneof(fc.constantFrom(...samples[field]), fc.string({ maxLength: 40 })), {
        nil: undefined,
      });
    const answers = fc.record(
      Object.fromEntries(chatbotFields.map((f) => [f, answer(f)])) as Record<
        ChatbotField,
        Arbitrary<string | undefined>
      >,
    );
    fc.assert(
      fc.property(answers, today, (values, on) => {
        const result = validate(values, on);
        const errors: Partial<Record<ChatbotField, string>> = result.success
          ? {}
          : result.fieldErrors;
        for (const question of questions) {
          const field = questionFields[question].find((f) => errors[f]);
          const expected = field ? { field, error: errors[field] } : null;
          expect(checkAnswer(question, values, on)).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
