import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { FormProps } from 'antd';
import type { SettingsBlock } from './blockForm';
import { BlockCard } from './BlockCard';
import { BlockSaveBar } from './SaveBar';

interface BlockFormProps<V extends object> {
  block: SettingsBlock<V>;
  /** The form's accessible name. */
  label: string;
  readOnly: boolean;
  initialValues: FormProps<V>['initialValues'];
  onValuesChange?: FormProps<V>['onValuesChange'];
  children: ReactNode;
  /** Between the form and its Save bar (e.g. token status). */
  footer?: ReactNode;
  /** What the block adds to its values on Save. */
  submitWith?: Partial<Record<string, unknown>>;
  /** Actions left of Save (Test connection, Send test email). */
  extra?: ReactNode;
}

/** A settings block's form (useSettingsBlock) and its Save bar: disabled, and Save hidden, when read only. */
export function BlockForm<V extends object>({
  block,
  label,
  readOnly,
  initialValues,
  onValuesChange,
  children,
  footer,
  submitWith,
  extra,
}: BlockFormProps<V>) {
  return (
    <>
      <Form<V>
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label={label}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
      >
        {children}
      </Form>
      {footer}
      <BlockSaveBar block={block} submitWith={submitWith} readOnly={readOnly} extra={extra} />
    </>
  );
}

/**
 * A block in a card of its own, its form named by the card's title; with a `readOnlyNote` the
 * form is read only and the note says why.
 */
export function CardBlockForm<V extends object>({
  title,
  description,
  readOnlyNote,
  ...form
}: Omit<BlockFormProps<V>, 'label' | 'readOnly'> & {
  title: string;
  description?: ReactNode;
  readOnlyNote?: string;
}) {
  return (
    <BlockCard title={title} description={description} readOnlyNote={readOnlyNote}>
      <BlockForm {...form} label={title} readOnly={readOnlyNote !== undefined} />
    </BlockCard>
  );
}
