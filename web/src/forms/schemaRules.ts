import type { FormInstance, FormRule } from 'antd';
import { formValues, issuesByField } from './schemaIssues';
import type { ValidatingSchema } from './schemaIssues';
import type { FieldProblem } from '../api/envelope';

/**
 * antd Form rules backed by one shared schema: each field shows the schema's own message for it,
 * beside the field, so client and server say the same words. Cross-field rules (a confirmation
 * that must match) land on the field the schema names; give that Form.Item `dependencies`.
 */
export function schemaRules<F extends string>(schema: ValidatingSchema, fields: readonly F[]) {
  return (field: F): FormRule[] => [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const messages = issuesByField(schema, formValues(getFieldsValue(true) as Record<string, unknown>, fields)).get(field);
        if (messages !== undefined && messages.length > 0) throw new Error(messages[0]);
      },
    }),
  ];
}

/**
 * Shows a 400 answer's per-field problems beside the fields they name. Returns false when none of
 * them belongs to this form, so the caller shows the message elsewhere.
 */
export function showFieldProblems(form: FormInstance, problems: FieldProblem[], fields: readonly string[]): boolean {
  const shown = problems.filter((p) => fields.includes(p.path));
  if (shown.length === 0) return false;
  form.setFields(shown.map((p) => ({ name: p.path, errors: [p.message] })));
  return true;
}
