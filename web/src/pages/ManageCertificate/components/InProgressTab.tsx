import { useState } from 'react';
import { Flex } from 'antd';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { useCan } from '../../../auth/useCan';
import { SelectionBar, SelectionCount } from '../../../components/SelectionBar';
import { PhotoModal } from '../../ManageStudents/components/PhotoModal';
import { CertificateTable } from './CertificateTable';
import { inProgressColumns } from './in-progress-columns';
import { InProgressModals } from './InProgressModals';
import { InProgressToolbar } from './InProgressToolbar';
import { cohortsToValidate, issuableStatuses, wholeCohortOf } from './certificate-rows';
import type { CertTableRow } from './certificate-rows';
import { useProfileFlags } from '../../../api/workspace';
import type { TabProps } from './tab-props';
import { useInProgressActions } from './useInProgressActions';
import { useIssueFlow } from './useIssueFlow';
import { useTabSelection } from './useTabSelection';

interface InProgressTabProps extends TabProps {
  /** The cohort the list is filtered to ('' for all), and the cohorts that exist. */
  filterCohort: string;
  knownCohorts: readonly string[];
  onRefresh: () => void;
}

/**
 * The In-Progress tab (§2.5): generate, preview, direct download, issue (with the balance check
 * and confirmation), validate a cohort, reset and send for review; for Open Badges only baking.
 */
export function InProgressTab(props: InProgressTabProps) {
  const { certtype, selected, onNotice, onChanged, disabled } = props;
  const canSee = useCan('previewcertificate');
  const hasValidate = useCan('validate');
  const profile = useProfileFlags();
  // §2.5: Validate is offered with the validate permission when the profile turns it on (validate = 1).
  const canValidate = hasValidate && profile.data?.validate === true;

  const { items, statuses, sel } = useTabSelection(props);
  // A checked cohort row issues the whole cohort's generated rows (§7 selectedCohort, §5 balance 3).
  const wholeCohort = wholeCohortOf(selected);
  const toIssue =
    wholeCohort !== undefined && issuableStatuses(statuses).length > 0
      ? issuableStatuses(statuses)
      : statuses;

  const [previewItems, setPreviewItems] = useState<string[]>();
  const [photoOf, setPhotoOf] = useState<CertTableRow>();

  const issueFlow = useIssueFlow({ certtype, items, wholeCohort, count: toIssue.length, onRun: props.onRun, onNotice });
  const actions = useInProgressActions(sel, props, issueFlow.offerTopUp);

  const extraColumns = inProgressColumns({
    canSee,
    onView: (row) => setPreviewItems([row.id]),
    onPhoto: setPhotoOf,
  });

  return (
    <Flex vertical gap={16}>
      <SelectionBar>
        <SelectionCount selected={selected} hint="Select students to act on them" />
        <InProgressToolbar
          openBadges={certtype === 'openbadges'}
          statuses={statuses}
          toIssue={toIssue}
          canValidate={canValidate}
          disabled={disabled}
          actions={actions}
          issueFlow={issueFlow}
          onPreview={() => setPreviewItems(items)}
          cohortsToValidate={() => cohortsToValidate(selected, props.filterCohort, props.knownCohorts)}
          onNotice={onNotice}
          onRefresh={props.onRefresh}
        />
      </SelectionBar>

      <CertificateTable {...props} label="In-Progress certificates" extraColumns={extraColumns} />

      <PhotoModal row={photoOf} certtype={certtype} onClose={() => setPhotoOf(undefined)} />
      <InProgressModals
        certtype={certtype}
        previewItems={previewItems}
        onPreviewClosed={() => setPreviewItems(undefined)}
        canValidate={canValidate}
        onValidated={() => onChanged({ type: 'success', text: m.validated })}
        issueFlow={issueFlow}
        issueWhat={
          wholeCohort !== undefined
            ? `the generated certificates of cohort ${wholeCohort}`
            : toIssue.length === 1
              ? '1 certificate'
              : `${toIssue.length} certificates`
        }
      />
    </Flex>
  );
}
