import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { runKinds, type RunView } from '@proofmark/shared/contract/workspace';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { recipientMessages as rm } from '@proofmark/shared/recipients/messages';
import { useOrgScope } from '../../auth/useOrgScope';
import { CertificateTypeSelect } from '../../components/CertificateTypeSelect';
import { PageContainer } from '../../components/PageContainer';
import { PageHeading } from '../../components/PageHeading';
import { ApprovalOutlined, SafetyCertificateOutlined } from '../../components/icons';
import { paths } from '../../routing/routeTable';
import { readStored, writeStored } from '../../storedChoices';
import type { WorkspaceQuery, WorkspaceStatusFilter } from '../../api/workspace';
import { NoticeAlert } from '../ManageStudents/components/NoticeAlert';
import { failureNotice, usePageNotice } from '../ManageStudents/components/notices';
import type { Notice } from '../ManageStudents/components/notices';
import { Pager } from '../ManageStudents/components/Pager';
import { useCohorts } from '../../api/recipients';
import { InProgressTab } from './components/InProgressTab';
import { IssuedTab } from './components/IssuedTab';
import type { DownloadType } from './components/DownloadModal';
import { isRunFinished } from '@proofmark/shared/workspace/rules';
import { parseWorkspaceChoices, withLinkChoices } from './components/workspace-choices';
import { useInvalidateWorkspace, useWorkspace } from '../../api/workspace';
import { RunProgress } from './components/RunProgress';
import { openDownload } from './components/open-download';
import { cardStyle } from './components/tab-props';
import { useFollowedRuns } from './components/useFollowedRuns';
import { WorkspaceFilters } from './components/WorkspaceFilters';

/** The runs this screen shows (invitations are followed on the recipients screen). */
const workspaceRunKinds = runKinds.filter((k) => k !== 'invite' && k !== 'mail-test');

type Tab = 'inprogress' | 'issued';

/** The issuance workspace (spec: certificate-operations §2.5, §4, §5, §8, §9). */
export default function ManageCertificatePage() {
  // §9: cohort, type, status, page size, paging, tab and download type are remembered (per organisation).
  const org = useOrgScope();
  const storageKey = `proofmark.manageCertificate.${org}`;
  const [params] = useSearchParams();
  const [remembered] = useState(() => withLinkChoices(parseWorkspaceChoices(readStored(storageKey)), params));
  const [certtype, setCerttype] = useState<CertificateType>(remembered.certtype);
  const [cohort, setCohort] = useState(remembered.cohort);
  const [status, setStatus] = useState<WorkspaceStatusFilter>(remembered.status);
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(remembered.pageSize);
  const [page, setPage] = useState(remembered.page);
  const [pageIssued, setPageIssued] = useState(remembered.pageIssued);
  const [tab, setTab] = useState<Tab>(remembered.tab);
  const [downloadType, setDownloadType] = useState<DownloadType>(remembered.downloadType);
  const [selectedInProgress, setSelectedInProgress] = useState<Set<string>>(new Set());
  const [selectedIssued, setSelectedIssued] = useState<Set<string>>(new Set());
  const { notice, setNotice, show } = usePageNotice();
  const { runs, follow, dismiss: dismissRun } = useFollowedRuns(workspaceRunKinds);

  useEffect(
    () =>
      writeStored(
        storageKey,
        JSON.stringify({ certtype, cohort, status, pageSize, tab, page, pageIssued, downloadType }),
      ),
    [storageKey, certtype, cohort, status, pageSize, tab, page, pageIssued, downloadType],
  );

  const cohorts = useCohorts(certtype);
  const query: WorkspaceQuery = { cohort, certtype, page, pageIssued, pagesize: pageSize, search, status };
  const workspace = useWorkspace(query);
  const invalidate = useInvalidateWorkspace();

  const data = workspace.data;
  const noCohorts = cohorts.isSuccess && cohorts.data.Data.length === 0;
  const knownCohorts = useMemo(() => (cohorts.data?.Data ?? []).map((c) => c.value), [cohorts.data]);

  // A remembered cohort that is gone (deleted, or of another type) falls back to all cohorts.
  const settledCohorts = cohorts.isFetching ? undefined : cohorts.data?.Data;
  useEffect(() => {
    if (settledCohorts === undefined || cohort === '') return;
    if (!settledCohorts.some((c) => c.value === cohort || c.value.startsWith(`${cohort}-`))) setCohort('');
  }, [settledCohorts, cohort]);

  // The server clamps a page past the end; follow it.
  const servedPage = data?.cohortData.page;
  const servedIssued = data?.issuedData.page;
  useEffect(() => {
    if (workspace.isPlaceholderData) return;
    if (servedPage !== undefined && servedPage !== page) setPage(servedPage);
    if (servedIssued !== undefined && servedIssued !== pageIssued) setPageIssued(servedIssued);
  }, [servedPage, servedIssued, page, pageIssued, workspace.isPlaceholderData]);

  /** §4: changing cohort, type, status, page size or search starts again at the first page. */
  const refilter = (apply: () => void) => {
    apply();
    setPage(0);
    setPageIssued(0);
    setSelectedInProgress(new Set());
    setSelectedIssued(new Set());
  };

  const changed = (next: Notice) => {
    show(next);
    setSelectedInProgress(new Set());
    setSelectedIssued(new Set());
    void invalidate();
  };

  const followRun = (run: RunView) => {
    setNotice(undefined);
    follow(run);
    setSelectedInProgress(new Set());
    setSelectedIssued(new Set());
    // Statuses move at once (Issuing, Scheduled): show them.
    void invalidate();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const runFinished = useCallback(
    (run: RunView) => {
      void invalidate();
      if (run.kind === 'download' && run.state === 'done' && run.downloadUrl) {
        openDownload(run.downloadUrl);
        show({ type: 'success', text: m.downloadDone });
      }
    },
    [invalidate, show],
  );

  const emptyText = workspace.isError
    ? failureNotice(workspace.error, 'failed').text
    : noCohorts
      ? rm.noCohorts
      : 'There is no data';
  const loading = workspace.isFetching || cohorts.isPending;
  const common = {
    certtype,
    loading,
    emptyText,
    disabled: noCohorts,
    onNotice: show,
    onRun: followRun,
    onChanged: changed,
  };
  const inProgressTotal = data?.cohortData.total ?? 0;
  const issuedTotal = data?.issuedData.total ?? 0;

  const tabLabel = (text: string, count: number) => (
    <Flex align="center" gap={8}>
      {text}
      {count > 0 && (
        <Badge count={count} overflowCount={99999} color={text === 'Issued' ? '#16a34a' : '#1f4ed8'} />
      )}
    </Flex>
  );

  return (
    <PageContainer width={1280}>
      <Flex vertical gap={20}>
        <PageHeading
          icon={<SafetyCertificateOutlined />}
          title="Manage Certificate"
          subtitle="Generate and issue certificates, then send, download, hold or revoke them."
        >
          <CertificateTypeSelect
            id="mc-certtype"
            aria-label="Certificate type"
            value={certtype}
            onChange={(value) => refilter(() => setCerttype(value))}
          />
          <Link to={paths.verification}>
            <Button icon={<ApprovalOutlined />}>Verification</Button>
          </Link>
        </PageHeading>

        {notice !== undefined && <NoticeAlert notice={notice} onClose={() => setNotice(undefined)} />}

        {runs.map((run) => (
          <RunProgress
            key={run.id}
            id={run.id}
            kind={run.kind}
            onFinished={runFinished}
            finishedAtStart={isRunFinished(run)}
            onClose={() => dismissRun(run.id)}
          />
        ))}

        <Card variant="borderless" style={cardStyle}>
          <Flex vertical gap={16}>
            {noCohorts && <Alert type="info" showIcon title={rm.noCohorts} />}
            {cohorts.isError && (
              <Alert type="warning" showIcon title={failureNotice(cohorts.error, 'failed').text} />
            )}
            <WorkspaceFilters
              cohorts={cohorts.data}
              cohortsLoading={cohorts.isPending}
              cohort={cohort}
              onCohort={(value) => refilter(() => setCohort(value))}
              status={status}
              onStatus={(value) => refilter(() => setStatus(value))}
              search={search}
              onSearch={(value) => refilter(() => setSearch(value))}
            />
            <Tabs
              activeKey={tab}
              destroyOnHidden
              onChange={(key) => setTab(key as Tab)}
              items={[
                {
                  key: 'inprogress',
                  label: tabLabel('In-Progress', inProgressTotal),
                  children: (
                    <Flex vertical gap={16}>
                      <InProgressTab
                        {...common}
                        tree={data?.mockData ?? []}
                        selected={selectedInProgress}
                        onSelected={setSelectedInProgress}
                        filterCohort={cohort}
                        knownCohorts={knownCohorts}
                        onRefresh={() => void invalidate()}
                      />
                      <Pager
                        page={page}
                        pages={data?.cohortData.pages ?? 0}
                        total={inProgressTotal}
                        pageSize={pageSize}
                        onPage={(next) => {
                          setPage(next);
                          setSelectedInProgress(new Set());
                        }}
                        onPageSize={(size) => refilter(() => setPageSize(size))}
                      />
                    </Flex>
                  ),
                },
                {
                  key: 'issued',
                  label: tabLabel('Issued', issuedTotal),
                  children: (
                    <Flex vertical gap={16}>
                      <IssuedTab
                        {...common}
                        tree={data?.mockData_Issued ?? []}
                        selected={selectedIssued}
                        onSelected={setSelectedIssued}
                        downloadType={downloadType}
                        onDownloadType={setDownloadType}
                        onRefresh={() => void invalidate()}
                      />
                      <Pager
                        page={pageIssued}
                        pages={data?.issuedData.pages ?? 0}
                        total={issuedTotal}
                        pageSize={pageSize}
                        onPage={(next) => {
                          setPageIssued(next);
                          setSelectedIssued(new Set());
                        }}
                        onPageSize={(size) => refilter(() => setPageSize(size))}
                      />
                    </Flex>
                  ),
                },
              ]}
            />
          </Flex>
        </Card>
      </Flex>
    </PageContainer>
  );
}
