/** A form's messages by field: a translation key for each field with a problem. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * The first message of each field, from a failed parse (a ZodError, or the issues of one): the
 * one a field shows. An issue of the whole input, of no field, is left out.
 */
export function fieldErrorsOf<Field extends string = string>(error: {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
