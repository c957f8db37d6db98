import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { recipientMessages as rm } from '@proofmark/shared/recipients/messages';
import { canApprove } from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { useCan } from '../../auth/useCan';
import { useOrgScope } from '../../auth/useOrgScope';
import { useApprovals, useInvalidateWorkspace, useProfileFlags, workspaceApi } from '../../api/workspace';
import type { ApprovalsQuery } from '../../api/workspace';
import { CertificateTypeSelect } from '../../components/CertificateTypeSelect';
import { PageContainer } from '../../components/PageContainer';
import { PageHeading } from '../../components/PageHeading';
import { SelectionBar, SelectionCount } from '../../components/SelectionBar';
import {
  ApprovalOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  LeftOutlined,
} from '../../components/icons';
import { paths } from '../../routing/routeTable';
import { readStored, writeStored } from '../../storedChoices';
import { selectedItems } from '../ManageStudents/components/recipient-rows';
import { failureNotice, usePageNotice } from '../ManageStudents/components/notices';
import { Pager } from '../ManageStudents/components/Pager';
import { useCohorts } from '../../api/recipients';
import {
  CertificateTable,
  RowButton,
  childOnly,
  rowName,
} from '../ManageCertificate/components/CertificateTable';
import { certTableRows, selectedRows } from '../ManageCertificate/components/certificate-rows';
import { parseWorkspaceChoices } from '../ManageCertificate/components/workspace-choices';
import type { CertTableRow } from '../ManageCertificate/components/certificate-rows';
import { cardStyle } from '../ManageCertificate/components/tab-props';
import { WorkspaceFilters } from '../ManageCertificate/components/WorkspaceFilters';
import { DeclineModal } from './components/DeclineModal';
import { approvalText, approvalTone, codeOf } from './components/approval-rows';
import { RecipientInfoModal } from './components/RecipientInfoModal';

/**
 * Verification: the recipient approval screen (spec: certificate-operations §2.6, §4, §5). Per §4
 * the decision is taken on issued certificates (Approve acts on issued or declined rows, Decline on
 * issued ones): staff check each issued certificate against the recipient's details and document,
 * then approve it or decline it with a reason. Rows still in progress are listed for context.
 */
export default function VerificationPage() {
  const canManage = useCan('managecertificate');
  const storageKey = `proofmark.verification.${useOrgScope()}`;
  const [remembered] = useState(() => parseWorkspaceChoices(readStored(storageKey)));
  const [certtype, setCerttype] = useState<CertificateType>(remembered.certtype);
  const [cohort, setCohort] = useState(remembered.cohort);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(remembered.pageSize);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { notice, setNotice, show } = usePageNotice();
  const [viewing, setViewing] = useState<CertTableRow>();
  const [declineOpen, setDeclineOpen] = useState(false);

  useEffect(
    () => writeStored(storageKey, JSON.stringify({ certtype, cohort, pageSize })),
    [storageKey, certtype, cohort, pageSize],
  );

  const cohorts = useCohorts(certtype);
  const query: ApprovalsQuery = { cohort, certtype, page, pagesize: pageSize, search };
  const list = useApprovals(query);
  const profile = useProfileFlags();
  const invalidate = useInvalidateWorkspace();

  const tree = useMemo(() => list.data?.mockData ?? [], [list.data]);
  const rows = useMemo(() => certTableRows(tree), [tree]);
  const total = list.data?.cohortData.total ?? 0;
  const pages = list.data?.cohortData.pages ?? 0;
  const noCohorts = cohorts.isSuccess && cohorts.data.Data.length === 0;
  const items = selectedItems(selected);
  const chosenCodes = selectedRows(rows, selected).map(codeOf);

  /** §4: changing cohort, type, page size or search starts again at the first page. */
  const refilter = (apply: () => void) => {
    apply();
    setPage(0);
    setSelected(new Set());
  };

  const decide = useMutation({
    mutationFn: (body: { action: 'approve' | 'decline'; declinereason?: string }) =>
      workspaceApi.approve({ ...body, selectedItems: items, certtype }),
    onSuccess: (answer, body) => {
      setDeclineOpen(false);
      setSelected(new Set());
      show({
        type: 'success',
        text: answer.message || (body.action === 'approve' ? m.approved : m.declined),
      });
      void invalidate();
    },
    onError: (error) => {
      setDeclineOpen(false);
      show(failureNotice(error, 'failed'));
    },
  });

  /** §5: the shared verdict first; a refusal says why and sends nothing. */
  const check = (action: 'approve' | 'decline'): boolean => {
    const verdict = canApprove(chosenCodes, action);
    if (!verdict.ok) show({ type: 'warning', text: verdict.message });
    return verdict.ok;
  };

  const extraColumns: TableColumnsType<CertTableRow> = [
    {
      title: 'View',
      key: 'view',
      width: 80,
      render: childOnly((row) => (
        <RowButton label={`View ${rowName(row)}`} onClick={() => setViewing(row)}>
          View
        </RowButton>
      )),
    },
  ];

  return (
    <PageContainer width={1280}>
      <Flex vertical gap={20}>
        <PageHeading
          icon={<ApprovalOutlined />}
          title="Verification"
          subtitle="Check each issued certificate against the recipient's details and document, then approve it or decline it with a reason."
        >
          <CertificateTypeSelect
            id="ap-certtype"
            aria-label="Certificate type"
            value={certtype}
            onChange={(value) => refilter(() => setCerttype(value))}
          />
          <Link to={paths.manageCertificate}>
            <Button icon={<LeftOutlined />}>Manage Certificate</Button>
          </Link>
        </PageHeading>

        {notice !== undefined && (
          <Alert
            type={notice.type}
            showIcon
            closable={{ onClose: () => setNotice(undefined) }}
            title={notice.text}
          />
        )}

        <Card variant="borderless" style={cardStyle}>
          <Flex vertical gap={16}>
            {noCohorts && <Alert type="info" showIcon title={rm.noCohorts} />}
            <WorkspaceFilters
              cohorts={cohorts.data}
              cohortsLoading={cohorts.isPending}
              cohort={cohort}
              onCohort={(value) => refilter(() => setCohort(value))}
              search={search}
              onSearch={(value) => refilter(() => setSearch(value))}
            />
            <SelectionBar>
              <SelectionCount selected={selected} hint="Select issued certificates to approve or decline" />
              {canManage && (
                <Space wrap size={8} role="toolbar" aria-label="Approval actions">
                  <Button
                    danger
                    icon={<CloseCircleOutlined />}
                    disabled={noCohorts}
                    onClick={() => check('decline') && setDeclineOpen(true)}
                  >
                    Decline
                  </Button>
                  <Button
                    type="primary"
                    icon={<CheckCircleOutlined />}
                    disabled={noCohorts}
                    loading={decide.isPending && !declineOpen}
                    onClick={() => check('approve') && decide.mutate({ action: 'approve' })}
                  >
                    Approve
                  </Button>
                </Space>
              )}
            </SelectionBar>
            <CertificateTable
              label="Certificates to verify"
              tree={tree}
              loading={list.isFetching || cohorts.isPending}
              selected={selected}
              onSelected={setSelected}
              emptyText={list.isError ? failureNotice(list.error, 'failed').text : 'There is no data'}
              extraColumns={extraColumns}
              statusText={approvalText}
              statusTone={approvalTone}
            />
            <Pager
              page={page}
              pages={pages}
              total={total}
              pageSize={pageSize}
              onPage={(next) => {
                setPage(next);
                setSelected(new Set());
              }}
              onPageSize={(size) => refilter(() => setPageSize(size))}
            />
          </Flex>
        </Card>
      </Flex>

      <RecipientInfoModal
        row={viewing}
        verificationItems={profile.data?.verificationitems ?? []}
        certtype={certtype}
        onClose={() => setViewing(undefined)}
      />
      <DeclineModal
        open={declineOpen}
        busy={decide.isPending}
        onSubmit={(reason) => decide.mutate({ action: 'decline', declinereason: reason })}
        onCancel={() => setDeclineOpen(false)}
      />
    </PageContainer>
  );
}
