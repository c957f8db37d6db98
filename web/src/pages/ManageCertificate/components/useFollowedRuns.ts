import { useCallback, useEffect, useState } from 'react';
import type { RunKind, RunView } from '@proofmark/shared/contract/workspace';
import { useOrgScope } from '../../../auth/useOrgScope';
import { readStored, writeStored } from '../../../storedChoices';
import { parseDismissedRuns, runsToRestore, withDismissedRun } from './restored-runs';
import { useRecentRuns } from '../../../api/workspace';

/** What a page needs of a run to show its card (the card polls the rest). */
export type FollowedRun = Pick<RunView, 'id' | 'kind' | 'state'>;

/**
 * The run cards of a page, for runs of the given kinds: those it started, and — since progress
 * lives on the server — those the server lists when the page opens again (failed ones until
 * dismissed; a dismissal is remembered per organisation so the card stays closed on the next visit).
 */
export function useFollowedRuns(kinds: readonly RunKind[]) {
  const dismissedKey = `proofmark.dismissedRuns.${useOrgScope()}`;
  const [runs, setRuns] = useState<FollowedRun[]>([]);
  const recentRuns = useRecentRuns();
  const kindList = kinds.join(',');

  useEffect(() => {
    if (recentRuns.data === undefined) return;
    const dismissed = new Set(parseDismissedRuns(readStored(dismissedKey)));
    const ours = recentRuns.data.filter((r) => kindList.split(',').includes(r.kind));
    const restored = runsToRestore(ours, dismissed);
    setRuns((current) => [...current, ...restored.filter((r) => !current.some((c) => c.id === r.id))]);
  }, [recentRuns.data, dismissedKey, kindList]);

  const follow = useCallback(
    (run: FollowedRun) => setRuns((current) => [run, ...current.filter((r) => r.id !== run.id)]),
    [],
  );
  const dismiss = useCallback(
    (id: string) => {
      writeStored(
        dismissedKey,
        JSON.stringify(withDismissedRun(parseDismissedRuns(readStored(dismissedKey)), id)),
      );
      setRuns((current) => current.filter((r) => r.id !== id));
    },
    [dismissedKey],
  );
  return { runs, follow, dismiss };
}
