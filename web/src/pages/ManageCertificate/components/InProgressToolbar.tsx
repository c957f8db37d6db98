import { Button, Space, Tooltip } from 'antd';
import {
  canBake,
  canDirectDownload,
  canGenerate,
  canIssue,
  canPreview,
  canReset,
  canReview,
} from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { useCan } from '../../../auth/useCan';
import {
  CheckOutlined,
  DownloadOutlined,
  EyeOutlined,
  ReloadOutlined,
  UndoOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '../../../components/icons';
import type { Notice } from '../../ManageStudents/components/notices';
import type { InProgressActions } from './useInProgressActions';
import type { IssueFlow } from './useIssueFlow';
import { ActionButton, RuleButton } from './RuleButton';
import { allowed } from './selection-actions';

type Statuses = Parameters<typeof canGenerate>[0];

/**
 * The In-Progress tab's buttons, each shown with its permission and refusing with the shared
 * rule's message (§2.5); for Open Badges only baking.
 */
export function InProgressToolbar(props: {
  openBadges: boolean;
  statuses: Statuses;
  /** The statuses an issue would spend (a whole cohort's generated rows). */
  toIssue: Statuses;
  canValidate: boolean;
  disabled?: boolean;
  actions: InProgressActions;
  issueFlow: IssueFlow;
  onPreview: () => void;
  /** The cohorts Validate goes through (empty: nothing selected). */
  cohortsToValidate: () => string[];
  onNotice: (notice: Notice) => void;
  onRefresh: () => void;
}) {
  const { statuses, actions, disabled, onNotice } = props;
  const canGen = useCan('generatecertificate');
  const canSee = useCan('previewcertificate');
  const canIssueCerts = useCan('issuecertificate');
  const canManage = useCan('managecertificate');
  const guard = { disabled, onNotice };

  return (
    <Space wrap size={8} role="toolbar" aria-label="In-Progress actions">
      {props.openBadges ? (
        // Badges need no public key: Invite pending rows may be baked too (shared canBake).
        canIssueCerts && (
          <ActionButton
            {...guard}
            type="primary"
            icon={<TrophyOutlined />}
            action={actions.bake}
            rule={() => canBake(statuses)}
          >
            Bake OpenBadges
          </ActionButton>
        )
      ) : (
        <>
          {canGen && (
            <ActionButton
              {...guard}
              icon={<ThunderboltOutlined />}
              action={actions.generate}
              rule={() => canGenerate(statuses)}
            >
              Generate Certificate
            </ActionButton>
          )}
          {canSee && (
            <RuleButton
              {...guard}
              icon={<EyeOutlined />}
              rule={() => canPreview(statuses)}
              onAllowed={props.onPreview}
            >
              Preview Certificate
            </RuleButton>
          )}
          {/* A plain Button: the tooltip needs its child's DOM node. */}
          <Tooltip title="Download the generated certificates as a zip">
            <Button
              icon={<DownloadOutlined />}
              aria-label="Download generated certificates"
              disabled={disabled}
              loading={actions.zip.isPending}
              onClick={() => allowed(canDirectDownload(statuses), onNotice) && actions.zip.mutate()}
            />
          </Tooltip>
          {props.canValidate && (
            <Button
              icon={<CheckOutlined />}
              disabled={disabled}
              loading={actions.validateCohort.isPending}
              onClick={() => {
                const cohorts = props.cohortsToValidate();
                if (cohorts.length === 0) onNotice({ type: 'warning', text: m.noSelectedStudents });
                else actions.validateCohort.mutate(cohorts);
              }}
            >
              Validate for Cohort
            </Button>
          )}
          {canManage && (
            <ActionButton
              {...guard}
              icon={<UndoOutlined />}
              action={actions.reset}
              rule={() => canReset(statuses)}
            >
              Reset
            </ActionButton>
          )}
          {canManage && (
            <ActionButton
              {...guard}
              icon={<SendOutlined />}
              action={actions.review}
              rule={() => canReview(statuses)}
            >
              Send for Review
            </ActionButton>
          )}
          {canIssueCerts && (
            <RuleButton
              {...guard}
              type="primary"
              icon={<SafetyCertificateOutlined />}
              loading={props.issueFlow.checking}
              rule={() => canIssue(props.toIssue)}
              onAllowed={props.issueFlow.start}
            >
              Issue Certificate
            </RuleButton>
          )}
        </>
      )}
      <Tooltip title="Refresh">
        <Button icon={<ReloadOutlined />} aria-label="Refresh" onClick={props.onRefresh} />
      </Tooltip>
    </Space>
  );
}
