import { useState } from 'react';
import { App, Form } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import type { SettingsKey, UpdateProfileRequest } from '@proofmark/shared/contract/profile';
import { errorText, fieldProblems } from '../../../../api/envelope';
import type { SchemaIssue } from '../../../../forms/schemaIssues';
import { useSaveBlock } from '../../../../api/profile';

/** What the blocks need of a shared zod schema: its safeParse (the web package does not use zod itself). */
export interface BlockSchema {
  safeParse(
    value: unknown,
  ):
    { success: true; data: unknown } | { success: false; error: { readonly issues: readonly SchemaIssue[] } };
}

export type FieldName = string | number | (string | number)[];

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');
const nameKey = (name: FieldName) => (Array.isArray(name) ? name : [name]).map(String).join('.');

/** The schema's issues for the block's values, keyed by the field path ('signatories.0.displayname'). */
export function issuesOf(schema: BlockSchema, key: SettingsKey, values: object): Map<string, string> {
  const result = schema.safeParse({ ...values, key });
  const issues = new Map<string, string>();
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const k = pathKey(issue.path);
    if (!issues.has(k)) issues.set(k, issue.message);
  }
  return issues;
}

export interface SettingsBlock<V extends object> {
  form: FormInstance<V>;
  /** The form's name: it prefixes field ids, so blocks with the same field names keep their labels apart. */
  name: string;
  /** antd rules that show the shared schema's own message for this field, beside it. */
  rule: (name: FieldName) => FormRule[];
  /** The block's values as the schema outputs them, after showing any problem beside its field. */
  validated: (extra?: Partial<Record<string, unknown>>) => Promise<UpdateProfileRequest | undefined>;
  /** Validates with the schema and saves; resolves true when saved. */
  submit: (extra?: Partial<Record<string, unknown>>) => Promise<boolean>;
  saving: boolean;
  /** The server's message when it refused the block. */
  error?: string;
  clearError: () => void;
}

/**
 * One settings block: an antd form validated with the block's schema from shared/src/contract/profile.ts
 * (the same one the server parses the body with), saved on its own with its `key`. Secret fields
 * (listed in `secrets`) are emptied after a save: the stored value is never shown again.
 */
export function useSettingsBlock<V extends object>(
  key: SettingsKey,
  schema: BlockSchema,
  secrets: readonly (keyof V & string)[] = [],
): SettingsBlock<V> {
  const [form] = Form.useForm<V>();
  const { message } = App.useApp();
  const save = useSaveBlock();
  const [error, setError] = useState<string>();

  const rule = (name: FieldName): FormRule[] => [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const problem = issuesOf(schema, key, getFieldsValue(true) as object).get(nameKey(name));
        if (problem !== undefined) throw new Error(problem);
      },
    }),
  ];

  const validated = async (extra: Partial<Record<string, unknown>> = {}) => {
    setError(undefined);
    try {
      await form.validateFields({ recursive: true });
    } catch {
      return undefined;
    }
    const values = { ...(form.getFieldsValue(true) as object), ...extra, key };
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      // A problem no field shows (the rules cover every field, so this is a safety net).
      setError(parsed.error.issues[0]?.message);
      return undefined;
    }
    return parsed.data as UpdateProfileRequest;
  };

  const submit = async (extra: Partial<Record<string, unknown>> = {}): Promise<boolean> => {
    const request = await validated(extra);
    if (request === undefined) return false;
    try {
      const answer = await save.mutateAsync(request);
      void message.success(answer.message);
      if (secrets.length > 0) {
        form.setFieldsValue(Object.fromEntries(secrets.map((s) => [s, ''])) as Partial<V> as never);
      }
      return true;
    } catch (err) {
      const problems = fieldProblems(err);
      const names = new Set(Object.keys(form.getFieldsValue(true) as object));
      const beside = problems.filter((p) => names.has(p.path));
      if (beside.length > 0)
        form.setFields(beside.map((p) => ({ name: p.path as never, errors: [p.message] })));
      setError(errorText(err));
      return false;
    }
  };

  return {
    form,
    name: `settings-${key}`,
    rule,
    validated,
    submit,
    saving: save.isPending,
    error,
    clearError: () => setError(undefined),
  };
}
