import { useMemo, useState } from 'react';
import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  canBake,
  canDirectDownload,
  canGenerate,
  canIssue,
  canPreview,
  canReset,
  canReview,
  hasEnoughBalance,
} from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { useCan } from '../../../auth/useCan';
import { workspaceApi } from '../../../api/workspace';
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
import { SelectionBar, SelectionCount } from '../../../components/SelectionBar';
import { PhotoModal } from '../../ManageStudents/components/PhotoModal';
import { failureNotice, failureText } from '../../ManageStudents/components/notices';
import {
  generateFailureText,
  isInsufficientBalance,
  issueFailureText,
  messageOf,
  zipFailureText,
} from '../failureText';
import { CertificateTable, RowButton, childOnly, rowName } from './CertificateTable';
import { IssueModal } from './IssueModal';
import type { IssueSubmission } from './IssueModal';
import {
  certTableRows,
  childItems,
  cohortsToValidate,
  issuableStatuses,
  selectedRows,
  statusesOf,
  wholeCohortOf,
} from './certificate-rows';
import type { CertTableRow } from './certificate-rows';
import { PreviewModal } from './PreviewModal';
import { useProfileFlags } from './queries';
import { RuleButton } from './RuleButton';
import { openDownload } from './open-download';
import { allowed, useSelectionAction } from './selection-actions';
import type { TabProps } from './tab-props';
import { TopUpModal } from './TopUpModal';

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
  const { certtype, tree, selected, onNotice, onRun, onChanged, disabled } = props;
  const canGen = useCan('generatecertificate');
  const canSee = useCan('previewcertificate');
  const canIssueCerts = useCan('issuecertificate');
  const canManage = useCan('managecertificate');
  const hasValidate = useCan('validate');
  const profile = useProfileFlags();
  // §2.5: Validate is offered with the validate permission when the profile turns it on (validate = 1).
  const canValidate = hasValidate && profile.data?.validate === true;

  const rows = useMemo(() => certTableRows(tree), [tree]);
  const items = childItems(selected);
  const statuses = statusesOf(selectedRows(rows, selected));
  // A checked cohort row issues the whole cohort's generated rows (§7 selectedCohort, §5 balance 3).
  const wholeCohort = wholeCohortOf(selected);
  const toIssue =
    wholeCohort !== undefined && issuableStatuses(statuses).length > 0
      ? issuableStatuses(statuses)
      : statuses;
  const openBadges = certtype === 'openbadges';
  const sel = { selectedItems: items, certtype };

  const [previewItems, setPreviewItems] = useState<string[]>();
  const [photoOf, setPhotoOf] = useState<CertTableRow>();
  const [issueOpen, setIssueOpen] = useState(false);
  const [issueError, setIssueError] = useState<string>();
  const [topUp, setTopUp] = useState<{ balance?: number }>();

  const generate = useMutation({
    mutationFn: () => workspaceApi.generate(sel),
    onSuccess: (answer) => onRun(answer.data),
    onError: (error) =>
      onNotice({
        ...failureNotice(error, 'failed'),
        text: generateFailureText(failureText(error, 'failed')),
      }),
  });

  const bake = useMutation({
    mutationFn: () => workspaceApi.bake({ ...sel, requestId: crypto.randomUUID() }),
    onSuccess: (answer) => onRun(answer.data),
    onError: (error) => {
      if (isInsufficientBalance(messageOf(error))) setTopUp({});
      else onNotice(failureNotice(error, 'failed'));
    },
  });

  const zip = useMutation({
    mutationFn: () => workspaceApi.downloadZip(sel),
    onSuccess: (answer) => {
      openDownload(answer.data.url);
      onNotice({ type: 'success', text: m.downloadDone });
    },
    onError: (error) => onNotice({ ...failureNotice(error, m.downloadFailed), text: zipFailureText(error) }),
  });

  const balance = useMutation({
    mutationFn: () =>
      workspaceApi
        .balance()
        .then((answer) => answer.data.balance)
        // §7: a failed balance call counts as 0.
        .catch(() => 0),
    onSuccess: (current) => {
      const enough = hasEnoughBalance(current, toIssue.length, wholeCohort !== undefined);
      if (enough) {
        setIssueError(undefined);
        setIssueOpen(true);
      } else setTopUp({ balance: current });
    },
  });

  const issue = useMutation({
    mutationFn: (values: IssueSubmission) =>
      workspaceApi.issue({
        ...values,
        certtype,
        ...(wholeCohort !== undefined
          ? { selectedCohort: wholeCohort, selectedItems: [] }
          : { selectedItems: items }),
      }),
    onSuccess: (answer) => {
      setIssueOpen(false);
      onRun(answer.data);
    },
    onError: (error) => {
      const text = issueFailureText(failureText(error, 'failed'));
      if (isInsufficientBalance(text)) {
        setIssueOpen(false);
        setTopUp({});
      } else setIssueError(text);
    },
  });

  const sendTopUp = useMutation({
    mutationFn: () => workspaceApi.topUp(),
    onSuccess: (answer) => {
      setTopUp(undefined);
      onNotice({ type: 'success', text: answer.message || m.topUpSent });
    },
    onError: (error) => {
      setTopUp(undefined);
      onNotice(failureNotice(error, m.topUpMailFailed));
    },
  });

  const reset = useSelectionAction(workspaceApi.reset, sel, m.resetDone, props);
  const review = useSelectionAction(workspaceApi.review, sel, m.reviewSent, props);

  const validateCohort = useMutation({
    mutationFn: async (cohorts: string[]) => {
      let last = '';
      for (const cohort of cohorts) last = (await workspaceApi.validate({ certtype, cohort })).message;
      return last;
    },
    onSuccess: (message) => onChanged({ type: 'success', text: message || m.validated }),
    onError: (error) => onNotice(failureNotice(error, 'failed')),
  });

  const extraColumns: TableColumnsType<CertTableRow> = [
    {
      title: 'Validated',
      key: 'validated',
      width: 110,
      render: childOnly((row) => (
        <Flex align="center" gap={6}>
          <Typography.Text type={row.is_validated === 1 ? 'success' : 'secondary'}>
            {row.is_validated === 1 ? 'Yes' : 'No'}
          </Typography.Text>
          {canSee && (
            <RowButton
              label={`View certificate of ${rowName(row)}`}
              onClick={() => setPreviewItems([row.id])}
            >
              View
            </RowButton>
          )}
        </Flex>
      )),
    },
    {
      title: 'Photo',
      key: 'photo',
      width: 80,
      render: childOnly((row) =>
        row.field10 === 'Yes' ? (
          <RowButton label={`Preview photo of ${rowName(row)}`} onClick={() => setPhotoOf(row)}>
            Yes
          </RowButton>
        ) : (
          <Typography.Text type="secondary">No</Typography.Text>
        ),
      ),
    },
  ];

  const guard = { disabled, onNotice };

  return (
    <Flex vertical gap={16}>
      <SelectionBar>
        <SelectionCount selected={selected} hint="Select students to act on them" />
        <Space wrap size={8} role="toolbar" aria-label="In-Progress actions">
          {openBadges ? (
            // Badges need no public key: Invite pending rows may be baked too (shared canBake).
            canIssueCerts && (
              <RuleButton
                {...guard}
                type="primary"
                icon={<TrophyOutlined />}
                loading={bake.isPending}
                rule={() => canBake(statuses)}
                onAllowed={() => bake.mutate()}
              >
                Bake OpenBadges
              </RuleButton>
            )
          ) : (
            <>
              {canGen && (
                <RuleButton
                  {...guard}
                  icon={<ThunderboltOutlined />}
                  loading={generate.isPending}
                  rule={() => canGenerate(statuses)}
                  onAllowed={() => generate.mutate()}
                >
                  Generate Certificate
                </RuleButton>
              )}
              {canSee && (
                <RuleButton
                  {...guard}
                  icon={<EyeOutlined />}
                  rule={() => canPreview(statuses)}
                  onAllowed={() => setPreviewItems(items)}
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
                  loading={zip.isPending}
                  onClick={() => allowed(canDirectDownload(statuses), onNotice) && zip.mutate()}
                />
              </Tooltip>
              {canValidate && (
                <Button
                  icon={<CheckOutlined />}
                  disabled={disabled}
                  loading={validateCohort.isPending}
                  onClick={() => {
                    const cohorts = cohortsToValidate(selected, props.filterCohort, props.knownCohorts);
                    if (cohorts.length === 0) onNotice({ type: 'warning', text: m.noSelectedStudents });
                    else validateCohort.mutate(cohorts);
                  }}
                >
                  Validate for Cohort
                </Button>
              )}
              {canManage && (
                <RuleButton
                  {...guard}
                  icon={<UndoOutlined />}
                  loading={reset.isPending}
                  rule={() => canReset(statuses)}
                  onAllowed={() => reset.mutate()}
                >
                  Reset
                </RuleButton>
              )}
              {canManage && (
                <RuleButton
                  {...guard}
                  icon={<SendOutlined />}
                  loading={review.isPending}
                  rule={() => canReview(statuses)}
                  onAllowed={() => review.mutate()}
                >
                  Send for Review
                </RuleButton>
              )}
              {canIssueCerts && (
                <RuleButton
                  {...guard}
                  type="primary"
                  icon={<SafetyCertificateOutlined />}
                  loading={balance.isPending}
                  rule={() => canIssue(toIssue)}
                  onAllowed={() => balance.mutate()}
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
      </SelectionBar>

      <CertificateTable
        label="In-Progress certificates"
        tree={tree}
        loading={props.loading}
        selected={selected}
        onSelected={props.onSelected}
        emptyText={props.emptyText}
        extraColumns={extraColumns}
      />

      <PreviewModal
        items={previewItems}
        certtype={certtype}
        canValidate={canValidate}
        onValidated={() => onChanged({ type: 'success', text: m.validated })}
        onClose={() => setPreviewItems(undefined)}
      />
      <PhotoModal row={photoOf} certtype={certtype} onClose={() => setPhotoOf(undefined)} />
      <IssueModal
        open={issueOpen}
        what={
          wholeCohort !== undefined
            ? `the generated certificates of cohort ${wholeCohort}`
            : toIssue.length === 1
              ? '1 certificate'
              : `${toIssue.length} certificates`
        }
        busy={issue.isPending}
        error={issueError}
        onSubmit={(values) => {
          setIssueError(undefined);
          issue.mutate(values);
        }}
        onCancel={() => setIssueOpen(false)}
      />
      <TopUpModal
        open={topUp !== undefined}
        balance={topUp?.balance}
        busy={sendTopUp.isPending}
        onSend={() => sendTopUp.mutate()}
        onCancel={() => setTopUp(undefined)}
      />
    </Flex>
  );
}
