import { z } from "zod";
import {
  pixKeyTypes,
  type PayoutMethod,
  type PixKeyType,
} from "#app/db/affiliate-program-states.ts";
import { isValidCnpj, normalizeCnpj } from "#app/features/site/cnpj.ts";
import { accountTypes } from "./constants.ts";

/*
 * Her payout details (issue 31): a PIX key of one of the five types the Central Bank defines, or
 * a bank account. One schema for the browser and the server; messages are keys under
 * payouts.errors. Browser-safe.
 */

export type PayoutDetails =
  | { method: "pix"; keyType: PixKeyType; key: string }
  | {
      method: "bank";
      bankCode: string;
      branch: string;
      account: string;
      accountType: "checking" | "savings";
      holderName: string;
      holderDocument: string;
    };

/** Eleven digits whose two check digits are right (and not one repeated digit). */
export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1*$/.test(cpf)) return false;
  const digit = (length: number) => {
    let sum = 0;
    for (let index = 0; index < length; index++) sum += Number(cpf[index]) * (length + 1 - index);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A Brazilian mobile or landline as PIX stores it (+55, two-digit area code, 8 or 9 digits),
 * from what she typed with or without +55, spaces, brackets and dashes; null when it is not one.
 */
export function normalizeBrazilianPhone(value: string): string | null {
  let digits = value.replace(/[\s().+-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  // Area codes run from 11 to 99; a nine-digit number is a mobile and starts with 9.
  if (!/^[1-9][1-9](9\d{8}|[2-8]\d{7})$/.test(digits)) return null;
  return `+55${digits}`;
}

/** A PIX key in the form the bank's file wants, or null when it is not one of its type. */
export function normalizePixKey(type: PixKeyType, typed: string): string | null {
  const value = typed.trim();
  switch (type) {
    case "cpf": {
      const digits = value.replace(/[\s.-]/g, "");
      return isValidCpf(digits) ? digits : null;
    }
    case "cnpj": {
      const cnpj = normalizeCnpj(value);
      return isValidCnpj(cnpj) ? cnpj : null;
    }
    case "email": {
      const email = value.toLowerCase();
      return email.length <= 77 && EMAIL.test(email) ? email : null;
    }
    case "phone":
      return normalizeBrazilianPhone(value);
    case "random": {
      const key = value.toLowerCase();
      return UUID.test(key) ? key : null;
    }
  }
}

/** A CPF (11 digits) or a CNPJ, as the account's holder's document; null when neither. */
export function normalizeHolderDocument(typed: string): string | null {
  const digits = typed.replace(/[\s./-]/g, "").toUpperCase();
  if (isValidCpf(digits)) return digits;
  return isValidCnpj(digits) ? digits : null;
}

const text = z.string().default("");
const trimmed = text.transform((value) => value.trim());

export const PASSWORD_MAX = 256;

/** The portal's form: her new details and her password. */
export const payoutDetailsForm = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("pix"),
    keyType: z.enum(pixKeyTypes, "payouts.errors.keyType"),
    key: text,
    password: text.pipe(z.string().min(1, "payouts.errors.password").max(PASSWORD_MAX)),
  }),
  z.object({
    method: z.literal("bank"),
    bankCode: trimmed.pipe(z.string().regex(/^\d{3}$/, "payouts.errors.bankCode")),
    branch: trimmed.pipe(z.string().regex(/^\d{1,5}(-[\dX])?$/i, "payouts.errors.branch")),
    account: trimmed.pipe(z.string().regex(/^\d{1,13}-[\dX]$/i, "payouts.errors.account")),
    accountType: z.enum(accountTypes, "payouts.errors.accountType"),
    holderName: trimmed
      .transform((value) => value.replace(/\s+/g, " "))
      .pipe(z.string().min(2, "payouts.errors.holderName").max(120, "payouts.errors.holderName")),
    holderDocument: text.transform((value, context) => {
      const document = normalizeHolderDocument(value);
      if (!document) {
        context.addIssue({ code: "custom", message: "payouts.errors.holderDocument" });
        return z.NEVER;
      }
      return document;
    }),
    password: text.pipe(z.string().min(1, "payouts.errors.password").max(PASSWORD_MAX)),
  }),
]);

export type PayoutDetailsInput = z.output<typeof payoutDetailsForm>;

/** The details to store, or the field whose value is not valid. */
export function payoutDetailsOf(
  input: PayoutDetailsInput,
): { ok: true; details: PayoutDetails } | { ok: false; field: "key"; error: string } {
  if (input.method === "bank") {
    const { password: _password, ...bank } = input;
    return { ok: true, details: { ...bank, account: bank.account.toUpperCase() } };
  }
  const key = normalizePixKey(input.keyType, input.key);
  if (!key) return { ok: false, field: "key", error: `payouts.errors.key.${input.keyType}` };
  return { ok: true, details: { method: "pix", keyType: input.keyType, key } };
}

const DOT = "\u2022";
const dots = (count: number) => DOT.repeat(count);

/** "ana.lima@gmail.com" → "a•••@g•••.com" */
function maskEmail(email: string) {
  const [local = "", domain = ""] = email.split("@");
  const tld = domain.includes(".") ? domain.slice(domain.lastIndexOf(".")) : "";
  return `${local.slice(0, 1)}${dots(3)}@${domain.slice(0, 1)}${dots(3)}${tld}`;
}

/**
 * What a screen shows of her details without decrypting them: the type and enough of the key
 * or account to recognise it, never enough to use it ("PIX · CPF · •••.456.789-••").
 */
export function payoutHint(details: PayoutDetails): string {
  if (details.method === "bank") {
    const [number = "", digit = ""] = details.account.split("-");
    return `${details.bankCode} · ${details.branch} · ${dots(3)}${number.slice(-3)}-${digit}`;
  }
  const { key } = details;
  switch (details.keyType) {
    case "cpf":
      return `PIX · CPF · ${dots(3)}.${key.slice(3, 6)}.${key.slice(6, 9)}-${dots(2)}`;
    case "cnpj":
      return `PIX · CNPJ · ${dots(2)}.${dots(3)}.${key.slice(5, 8)}/${key.slice(8, 12)}-${dots(2)}`;
    case "email":
      return `PIX · ${maskEmail(key)}`;
    case "phone":
      return `PIX · +55 (${key.slice(3, 5)}) ${dots(4)}-${key.slice(-4)}`;
    case "random":
      return `PIX · ${dots(4)}${key.slice(-6)}`;
  }
}

export const methodOf = (details: PayoutDetails): PayoutMethod => details.method;
