import { z } from "zod";
import { type FormLimits, isCrossSiteRequest, readForm } from "./request.server.ts";

/** Every key of an object type, or of any member of a union of them (one per intent). */
type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** What she typed in each field the schema declares, as sent: to show it again on an error. */
export type TypedValues<Schema extends z.ZodType> = Partial<
  Record<KeysOf<z.input<Schema>>, string>
>;

/**
 * A form as its action sees it. A cross-site post is refused before its body is read; the
 * action answers it as its screen shows refusals. Otherwise the schema's verdict: its typed
 * data, or its issues (their messages are translation keys), and what was typed either way.
 */
export type ParsedForm<Schema extends z.ZodType> =
  | { crossSite: true; success: false }
  | {
      crossSite: false;
      success: true;
      data: z.output<Schema>;
      values: TypedValues<Schema>;
    }
  | {
      crossSite: false;
      success: false;
      error: z.ZodError<z.output<Schema>>;
      values: TypedValues<Schema>;
    };

/** What a route lets its form carry, and which of its fields come several times. */
export interface FormOptions<Schema extends z.ZodType> extends FormLimits {
  /** Fields sent any number of times (ticked rows): every value, as an array. */
  repeated?: readonly KeysOf<z.input<Schema>>[];
}

/**
 * The one way an action reads its form: the origin checked, the body bounded and cleaned
 * (readForm: its 413, 415 and 400 are thrown as they are), then the action's schema. A field
 * is its first value, as `FormData.get` reads it, unless it is a `repeated` one. Only what the
 * schema declares reaches the action: an object schema drops the fields it does not name, and
 * `values` is typed by the declared names, so reading any other is a type error.
 */
export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { repeated = [], ...limits }: FormOptions<Schema> = {},
): Promise<ParsedForm<Schema>> {
  if (isCrossSiteRequest(request)) return { crossSite: true, success: false };
  const form = await readForm(request, limits);
  const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name in fields) continue;
    fields[name] = value;
    if (typeof value === "string") values[name] = value;
  }
  for (const name of repeated) fields[name] = form.getAll(name);
  const parsed = await schema.safeParseAsync(fields);
  return parsed.success
    ? { crossSite: false, success: true, data: parsed.data, values }
    : { crossSite: false, success: false, error: parsed.error, values };
}

/** A text field as `String(form.get(name) ?? "")` read it: absent is empty. */
export const textField = z.string().default("");
