/**
 * Client-side validation with the shared contract's schemas, kept free of antd and React so it can
 * be unit-tested in Node. The web package only needs the schema's `safeParse`, not zod itself.
 */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface ValidatingSchema {
  safeParse(value: unknown): { success: boolean; error?: { readonly issues: readonly SchemaIssue[] } };
}

/**
 * The form's values as the schema should see them: an empty or untouched field is the empty
 * string, so the schema answers with its own "please enter…" message rather than zod's generic
 * "expected string, received undefined".
 */
export function formValues(raw: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = { ...raw };
  for (const field of fields) {
    if (values[field] === undefined || values[field] === null) values[field] = '';
  }
  return values;
}

/** The schema's messages per top-level field, in the order the schema reports them. */
export function issuesByField(
  schema: ValidatingSchema,
  values: Record<string, unknown>,
): Map<string, string[]> {
  const result = schema.safeParse(values);
  const byField = new Map<string, string[]>();
  if (result.success || result.error === undefined) return byField;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const messages = byField.get(field) ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    byField.set(field, messages);
  }
  return byField;
}

/** The first message of the first field (in `fields` order) that has a problem. */
export function firstProblem(
  schema: ValidatingSchema,
  raw: Record<string, unknown>,
  fields: readonly string[],
): { field: string; message: string } | undefined {
  const issues = issuesByField(schema, formValues(raw, fields));
  for (const field of fields) {
    const message = issues.get(field)?.[0];
    if (message !== undefined) return { field, message };
  }
  return undefined;
}
