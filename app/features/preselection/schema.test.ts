import { describe, expect, it } from "vitest";
import { limits, preselectionFields } from "./fields.ts";
import { validatePreselection } from "./schema.ts";

const valid = {
  fullName: "Ana Souza",
  age: "24",
  email: "ana@example.com",
  whatsapp: "+55 (48) 99999-9999",
  instagram: "@ana.souza",
  experience: "beginner",
  message: "I would like to start creating content.",
  consent: "on",
};

/** The message key of one field's error, asserting that validation failed. */
function errorOf(values: Record<string, unknown>, field: string) {
  const result = validatePreselection(values);
  expect(result.success).toBe(false);
  return result.success ? undefined : result.fieldErrors[field as keyof typeof result.fieldErrors];
}

/** The field errors of a submission, asserting that validation failed. */
function errorsOf(values: Record<string, unknown>) {
  const result = validatePreselection(values);
  expect(result.success).toBe(false);
  return result.success ? {} : result.fieldErrors;
}

const MB = 1024 * 1024;

describe("validatePreselection: valid submissions", () => {
  it("accepts a complete submission and normalises WhatsApp to E.164", () => {
    const result = validatePreselection(valid);
    expect(result).toEqual({
      success: true,
      data: { ...valid, age: 24, whatsapp: "+5548999999999" },
    });
  });

  it("treats WhatsApp as optional", () => {
    for (const whatsapp of ["", "   ", undefined]) {
      const result = validatePreselection({ ...valid, whatsapp });
      expect(result.success).toBe(true);
      if (result.success) expect(result.data.whatsapp).toBeUndefined();
    }
  });

  it.each([
    ["+55 48 99999-9999", "+5548999999999"],
    ["+1 (415) 555.2671", "+14155552671"],
    ["  +46701234567  ", "+46701234567"],
    ["+49-30-1234567", "+49301234567"],
  ])("normalises WhatsApp %j to %s", (whatsapp, expected) => {
    const result = validatePreselection({ ...valid, whatsapp });
    expect(result.success && result.data.whatsapp).toBe(expected);
  });

  it("trims text fields and converts the age to a number", () => {
    const result = validatePreselection({
      ...valid,
      fullName: "  Ana Souza  ",
      age: " 18 ",
      email: " ana@example.com ",
      instagram: " @ana ",
      message: "   0123456789   ",
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.fullName).toBe("Ana Souza");
    expect(result.data.age).toBe(18);
    expect(result.data.email).toBe("ana@example.com");
    expect(result.data.instagram).toBe("@ana");
    expect(result.data.message).toBe("0123456789");
  });

  it.each(["beginner", "intermediate", "advanced"])("accepts the experience %s", (experience) => {
    expect(validatePreselection({ ...valid, experience }).success).toBe(true);
  });

  it("accepts values exactly at each length limit", () => {
    const result = validatePreselection({
      ...valid,
      fullName: "a".repeat(limits.fullName),
      instagram: "a".repeat(limits.instagram),
      message: "a".repeat(limits.message),
      email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(limits.email - 64 - 1 - 63 - 1 - 63 - 1)}`,
    });
    expect(result.success).toBe(true);
  });

  it("ignores fields it does not know", () => {
    const result = validatePreselection({ ...valid, admin: "true", role: "owner" });
    expect(result.success).toBe(true);
    if (result.success)
      expect(Object.keys(result.data).sort()).toEqual([...preselectionFields].sort());
  });
});

describe("validatePreselection: each rule", () => {
  it("requires the full name", () => {
    expect(errorOf({ ...valid, fullName: "" }, "fullName")).toBe("validation.fullNameRequired");
    expect(errorOf({ ...valid, fullName: "   " }, "fullName")).toBe("validation.fullNameRequired");
    expect(errorOf({ ...valid, fullName: undefined }, "fullName")).toBe(
      "validation.fullNameRequired",
    );
  });

  it.each(["", "abc", "-18", "18.5", "1e2", "eighteen", "1000", "121", "0x12"])(
    "rejects the age %j as invalid",
    (age) => {
      expect(errorOf({ ...valid, age }, "age")).toBe("validation.ageInvalid");
    },
  );

  it.each(["17", "0", "5", " 17 "])("rejects the age %j as under 18", (age) => {
    expect(errorOf({ ...valid, age }, "age")).toBe("validation.ageMin");
  });

  it.each(["18", "120"])("accepts the age %s", (age) => {
    expect(validatePreselection({ ...valid, age }).success).toBe(true);
  });

  it.each(["", "   "])("asks for the e-mail %j, rather than calling it invalid", (email) => {
    expect(errorOf({ ...valid, email }, "email")).toBe("applying.emailRequired");
  });

  it.each(["ana", "ana@", "@example.com", "ana@example", "ana example@x.com", "a@b@c.com"])(
    "rejects the e-mail %j",
    (email) => {
      expect(errorOf({ ...valid, email }, "email")).toBe("validation.emailInvalid");
    },
  );

  it.each([
    "abc",
    "12345",
    "5548999999999",
    "+0 48 99999-9999",
    "+55 48 9999x-9999",
    "++5548999999",
  ])("rejects the WhatsApp number %j", (whatsapp) => {
    expect(errorOf({ ...valid, whatsapp }, "whatsapp")).toBe("validation.whatsappInvalid");
  });

  // The chatbot's rule (phone.ts): the form asks no country, so a number needs its +code, and
  // its length must be one its country gives.
  it.each([
    "48 99123-4567",
    "(48) 99123-4567",
    "+55 48 991",
    "+39 333 123 4567 890",
    "+55 48\n99123-4567",
  ])(
    "rejects the WhatsApp number %j, which has no +code or is no number of its country",
    (whatsapp) => {
      expect(errorOf({ ...valid, whatsapp }, "whatsapp")).toBe("validation.whatsappInvalid");
    },
  );

  it("rejects a WhatsApp number with more than 15 digits", () => {
    expect(errorOf({ ...valid, whatsapp: "+1234567890123456" }, "whatsapp")).toBe(
      "validation.whatsappInvalid",
    );
  });

  it("requires Instagram or a portfolio", () => {
    expect(errorOf({ ...valid, instagram: "" }, "instagram")).toBe("validation.instagramRequired");
    expect(errorOf({ ...valid, instagram: "  " }, "instagram")).toBe(
      "validation.instagramRequired",
    );
  });

  it.each(["", "expert", "Beginner", "BEGINNER", " beginner ", "__proto__", "toString"])(
    "rejects the experience %j",
    (experience) => {
      expect(errorOf({ ...valid, experience }, "experience")).toBe("validation.experienceRequired");
    },
  );

  it("requires a message of at least 10 characters after trimming", () => {
    expect(errorOf({ ...valid, message: "" }, "message")).toBe("validation.messageMin");
    for (const consent of ["", "off", "true", undefined]) {
      expect(errorOf({ ...valid, consent }, "consent")).toBe("validation.consentRequired");
    }
    expect(errorOf({ ...valid, message: "123456789" }, "message")).toBe("validation.messageMin");
    expect(errorOf({ ...valid, message: "   123456789   " }, "message")).toBe(
      "validation.messageMin",
    );
    expect(errorOf({ ...valid, message: " ".repeat(50) }, "message")).toBe("validation.messageMin");
  });

  it.each([
    ["fullName", limits.fullName],
    ["email", limits.email],
    ["whatsapp", limits.whatsapp],
    ["instagram", limits.instagram],
    ["message", limits.message],
  ] as const)("rejects a %s over %i characters as too long", (field, max) => {
    const value = field === "whatsapp" ? `+55${"9".repeat(max)}` : "a".repeat(max + 1);
    expect(errorOf({ ...valid, [field]: value }, field)).toBe("validation.tooLong");
  });

  it("reports one error per field, and only for the fields with a problem", () => {
    expect(errorsOf({ ...valid, age: "17", email: "nope" })).toEqual({
      age: "validation.ageMin",
      email: "validation.emailInvalid",
    });
  });

  it("reports every required field for an empty submission", () => {
    expect(errorsOf({})).toEqual({
      fullName: "validation.fullNameRequired",
      age: "validation.ageInvalid",
      email: "applying.emailRequired",
      instagram: "validation.instagramRequired",
      experience: "validation.experienceRequired",
      message: "validation.messageMin",
      consent: "validation.consentRequired",
    });
  });
});

describe("validatePreselection: hostile input", () => {
  const hostileValues: [string, unknown][] = [
    ["a number", 42],
    ["a boolean", true],
    ["null", null],
    ["an object", { toString: () => "Ana Souza" }],
    ["an array", ["Ana Souza"]],
    ["a String object", new String("Ana Souza")],
    ["a symbol", Symbol("x")],
    ["a function", () => "Ana Souza"],
    ["a bigint", 10n],
    ["a Date", new Date()],
  ];

  it.each(hostileValues)("rejects %s in every field without throwing", (_label, value) => {
    const values = Object.fromEntries(preselectionFields.map((field) => [field, value]));
    expect(() => validatePreselection(values)).not.toThrow();
    const errors = errorsOf(values);
    // Every required field is reported; the optional WhatsApp is simply absent.
    expect(Object.keys(errors).sort()).toEqual(
      preselectionFields.filter((f) => f !== "whatsapp").sort(),
    );
  });

  it("never calls toString or valueOf on non-string values", () => {
    const trap = {
      toString() {
        throw new Error("toString called");
      },
      valueOf() {
        throw new Error("valueOf called");
      },
    };
    const values = Object.fromEntries(preselectionFields.map((field) => [field, trap]));
    expect(() => validatePreselection(values)).not.toThrow();
  });

  it("rejects a non-string age even if it is a valid number", () => {
    expect(errorOf({ ...valid, age: 25 }, "age")).toBe("validation.ageInvalid");
  });

  it("ignores a non-string WhatsApp instead of accepting it", () => {
    const result = validatePreselection({ ...valid, whatsapp: 5548999999999 });
    expect(result.success).toBe(true);
    if (result.success) expect(result.data.whatsapp).toBeUndefined();
  });

  it("copes with __proto__ keys and does not pollute prototypes", () => {
    const parsed = JSON.parse(
      '{"__proto__": {"fullName": "Evil", "polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
    ) as Record<string, unknown>;
    expect(() => validatePreselection(parsed)).not.toThrow();
    expect(errorOf(parsed, "fullName")).toBe("validation.fullNameRequired");

    const withValid = { ...valid, ...parsed };
    const result = validatePreselection(withValid);
    expect(result.success).toBe(true);
    if (result.success) expect(result.data.fullName).toBe("Ana Souza");

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("copes with a null-prototype object and an array as the values", () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, valid);
    expect(validatePreselection(bare).success).toBe(true);
    expect(() => validatePreselection([] as unknown as Record<string, unknown>)).not.toThrow();
    expect(errorOf([] as unknown as Record<string, unknown>, "fullName")).toBe(
      "validation.fullNameRequired",
    );
  });

  it("rejects 1 MB strings in every field quickly and without throwing", () => {
    const huge = "a".repeat(MB);
    const start = performance.now();
    const errors = errorsOf({
      fullName: huge,
      age: "1".repeat(MB),
      email: `${huge}@example.com`,
      whatsapp: `+${"9".repeat(MB)}`,
      instagram: huge,
      experience: huge,
      message: huge,
      consent: "on",
    });
    expect(performance.now() - start).toBeLessThan(2000);
    expect(errors).toEqual({
      fullName: "validation.tooLong",
      age: "validation.ageInvalid",
      email: "validation.tooLong",
      whatsapp: "validation.tooLong",
      instagram: "validation.tooLong",
      experience: "validation.experienceRequired",
      message: "validation.tooLong",
    });
  });

  it("rejects crafted e-mail addresses quickly", () => {
    const start = performance.now();
    for (const email of [
      `${"a".repeat(240)}@`,
      `a@${"a".repeat(250)}`,
      `a@${"a-".repeat(120)}`,
      `${".".repeat(240)}@a.com`,
      `a@${"a.".repeat(125)}`,
    ]) {
      expect(errorOf({ ...valid, email }, "email")).toBe("validation.emailInvalid");
    }
    expect(performance.now() - start).toBeLessThan(500);
  });

  it("treats whitespace-only and control-character input as missing", () => {
    expect(errorOf({ ...valid, fullName: "\t\n\r " }, "fullName")).toBe(
      "validation.fullNameRequired",
    );
  });
});
