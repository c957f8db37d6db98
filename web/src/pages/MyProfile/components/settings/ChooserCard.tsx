import type { ReactNode } from 'react';
import { Divider, Radio, Tag } from 'antd';
import { BlockCard } from './BlockCard';

interface ChooserCardProps<K extends string | number> {
  title: string;
  description: string;
  readOnlyNote?: string;
  /** The saved choice's name, tagged beside the title. */
  inUse: string;
  /** The accessible name of the choice buttons. */
  chooserLabel: string;
  value: K;
  onChange: (value: K) => void;
  options: { value: K; label: string }[];
  /** The chosen kind's block. */
  children: ReactNode;
}

/**
 * A settings card that is one of a few kinds at a time (storage, mail): the kind in use, buttons
 * to look at another, and the chosen kind's block below; saving that block makes it the one in use.
 */
export function ChooserCard<K extends string | number>({
  title,
  description,
  readOnlyNote,
  inUse,
  chooserLabel,
  value,
  onChange,
  options,
  children,
}: ChooserCardProps<K>) {
  return (
    <BlockCard
      title={title}
      description={description}
      readOnlyNote={readOnlyNote}
      tag={
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          In use: {inUse}
        </Tag>
      }
    >
      <Radio.Group
        aria-label={chooserLabel}
        optionType="button"
        value={value}
        onChange={(e) => onChange(e.target.value as K)}
        options={options}
      />
      <Divider style={{ margin: '16px 0' }} />
      {children}
    </BlockCard>
  );
}
