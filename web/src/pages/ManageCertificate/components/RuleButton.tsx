import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import type { Verdict } from '@proofmark/shared/workspace/rules';
import type { Notice } from '../../ManageStudents/components/notices';
import { allowed } from './selection-actions';

interface RuleButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The shared rule on the current selection, judged at the click (§5). */
  rule: () => Verdict;
  /** Where a refusal's message goes. */
  onNotice: (notice: Notice) => void;
  /** The action, run only when the rule allows it. */
  onAllowed: () => void;
}

/**
 * An action button of the workspace tabs: the click first applies the shared rule; a refusal shows
 * its message and nothing is sent.
 */
export function RuleButton({ rule, onNotice, onAllowed, ...button }: RuleButtonProps) {
  return (
    <Button
      {...button}
      onClick={() => {
        if (allowed(rule(), onNotice)) onAllowed();
      }}
    />
  );
}

/** A RuleButton that starts a mutation on the selection, busy while it runs. */
export function ActionButton({
  action,
  ...button
}: Omit<RuleButtonProps, 'onAllowed' | 'loading'> & { action: { isPending: boolean; mutate: () => void } }) {
  return <RuleButton {...button} loading={action.isPending} onAllowed={() => action.mutate()} />;
}
