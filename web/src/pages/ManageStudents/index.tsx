import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Badge, Button, Card, Flex, Select, Space, Tooltip } from 'antd';
import { DeleteOutlined, ImportOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { pageCount, statusFilters } from '@proofmark/shared/recipients/rules';
import type { StatusFilter } from '@proofmark/shared/recipients/rules';
import { ApiError } from '../../api/client';
import { useCan } from '../../auth/useCan';
import { useOrgScope } from '../../auth/useOrgScope';
import { CertificateTypeSelect } from '../../components/CertificateTypeSelect';
import { PageContainer } from '../../components/PageContainer';
import { PageHeading } from '../../components/PageHeading';
import { SearchBox } from '../../components/SearchBox';
import { SelectionBar, SelectionCount } from '../../components/SelectionBar';
import { readStored, writeStored } from '../../storedChoices';
import {
  CloudUploadOutlined,
  EyeOutlined,
  KeyOutlined,
  MailOutlined,
  TeamOutlined,
} from '../../components/icons';
import { recipientsApi } from '../../api/recipients';
import type { RecipientsQuery } from '../../api/recipients';
import { CohortFilter } from './components/CohortFilter';
import { EditRecipientModal } from './components/EditRecipientModal';
import { InvitationPreviewModal } from './components/InvitationPreviewModal';
import type { PreviewMail } from '@proofmark/shared/contract/invitations';
import { selectedItems, totalOf } from './components/recipient-rows';
import { parseChoices } from './components/screen-choices';
import type { TableRow } from './components/recipient-rows';
import { NoticeAlert } from './components/NoticeAlert';
import { failureNotice, usePageNotice } from './components/notices';
import type { Notice } from './components/notices';
import { Pager } from './components/Pager';
import { PhotoModal } from './components/PhotoModal';
import { ProgrammeImportModal } from './components/ProgrammeImportModal';
import { useApiMode, useCohorts, useInvalidateRecipients, useRecipientTree } from '../../api/recipients';
import { RecipientTable } from './components/RecipientTable';
import { UploadPanel } from './components/UploadPanel';
import { isRunFinished } from '@proofmark/shared/workspace/rules';
import { RunProgress } from '../ManageCertificate/components/RunProgress';
import { useFollowedRuns } from '../ManageCertificate/components/useFollowedRuns';

/** Large invitation sends run as a job; their progress comes from the server (it survives a reload). */
const inviteRuns = ['invite'] as const;

const cardStyle = { boxShadow: '0 1px 3px rgba(16,24,40,.08), 0 8px 24px rgba(16,24,40,.05)' };

/** The recipients screen (spec: certificate-operations §2.1, §2.2, §5, §8, §9). */
export default function ManageStudentsPage() {
  const { modal } = App.useApp();
  const canUpload = useCan('uploadmember');
  const canManage = useCan('managemember');
  const canInvite = useCan('sendinvite');
  const canPreview = useCan('previewinviteemail');
  const apiMode = useApiMode();

  // §9: the cohort, type, status and page size chosen last are remembered (per organisation).
  const storageKey = `proofmark.manageStudents.${useOrgScope()}`;
  const [remembered] = useState(() => parseChoices(readStored(storageKey)));
  const [certtype, setCerttype] = useState<CertificateType>(remembered.certtype);
  const [cohort, setCohort] = useState(remembered.cohort);
  const [status, setStatus] = useState<StatusFilter>(remembered.status);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  // Where the page shown now lies (the server's anchor): the next page asked for is read from it.
  const [anchor, setAnchor] = useState<string>();
  const [pageSize, setPageSize] = useState<number>(remembered.pageSize);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { notice, setNotice, show } = usePageNotice();
  const [editing, setEditing] = useState<TableRow>();
  const [photoOf, setPhotoOf] = useState<TableRow>();
  const [previewMails, setPreviewMails] = useState<PreviewMail[]>();
  const [programmeOpen, setProgrammeOpen] = useState(false);
  const inviteProgress = useFollowedRuns(inviteRuns);

  useEffect(
    () => writeStored(storageKey, JSON.stringify({ certtype, cohort, status, pageSize })),
    [storageKey, certtype, cohort, status, pageSize],
  );

  const cohorts = useCohorts(certtype);
  const query: RecipientsQuery = {
    cohort,
    certtype,
    page,
    pagesize: pageSize,
    search,
    status,
    ...(anchor ? { anchor } : {}),
  };
  const tree = useRecipientTree(query);
  const invalidate = useInvalidateRecipients();

  const rows = useMemo(() => tree.data?.mockData ?? [], [tree.data]);
  const total = totalOf(rows);
  const pages = pageCount(total, pageSize);
  const noCohorts = cohorts.isSuccess && cohorts.data.Data.length === 0;
  const items = selectedItems(selected);

  // A remembered cohort that is gone (deleted, or of another type) falls back to all cohorts.
  const knownCohorts = cohorts.isFetching ? undefined : cohorts.data?.Data;
  useEffect(() => {
    if (knownCohorts === undefined || cohort === '') return;
    if (!knownCohorts.some((c) => c.value === cohort || c.value.startsWith(`${cohort}-`))) setCohort('');
  }, [knownCohorts, cohort]);

  // The server clamps a page past the end (after a delete); follow it.
  const servedPage = tree.data?.cohortData.page;
  useEffect(() => {
    if (servedPage !== undefined && !tree.isPlaceholderData && servedPage !== page) setPage(servedPage);
  }, [servedPage, page, tree.isPlaceholderData]);

  /** §2.1/§4: changing cohort, type, status, page size or search starts again at the first page. */
  const refilter = (apply: () => void) => {
    apply();
    setPage(0);
    setAnchor(undefined);
    setSelected(new Set());
  };

  const afterChange = (next: Notice) => {
    show(next);
    setSelected(new Set());
    void invalidate();
  };

  /** §5: invite, preview and copy with nothing selected say so before any call. */
  const needSelection = (message: string): boolean => {
    if (items.length > 0) return true;
    show({ type: 'warning', text: message });
    return false;
  };

  const invite = useMutation({
    mutationFn: () => recipientsApi.sendInvitations({ selectedItems: items, certtype }),
    // §8: 'Please wait a few minutes.' before invitations (the invite job mails them).
    onMutate: () => show({ type: 'info', text: m.pleaseWait }),
    onSuccess: (answer) => {
      afterChange({
        type: answer.status === 202 ? 'info' : 'success',
        text: answer.message || m.invitationsSent,
      });
      const runId = answer.data?.runId;
      if (runId !== undefined) inviteProgress.follow({ id: runId, kind: 'invite', state: 'queued' });
    },
    onError: (error) => show(failureNotice(error, m.genericFailure)),
  });

  const preview = useMutation({
    mutationFn: () => recipientsApi.previewInvitations({ selectedItems: items, certtype }),
    onSuccess: (answer) => setPreviewMails(answer.data.PreviewMail),
    onError: (error) => show(failureNotice(error, m.genericFailure)),
  });

  const copyEmail = useMutation({
    mutationFn: () => recipientsApi.copyEmailAsKey({ selectedItems: items, certtype }),
    onSuccess: (answer) => afterChange({ type: 'success', text: answer.message || m.emailCopiedAsKey }),
    onError: (error) => show(failureNotice(error, m.genericFailure)),
  });

  const remove = useMutation({
    mutationFn: (confirm: boolean) => recipientsApi.remove({ selectedItems: items, certtype, confirm }),
    onSuccess: (answer) => afterChange({ type: 'success', text: answer.message || m.success }),
    onError: (error) => {
      // §8: a cohort with issued certificates asks first; issued rows are then kept.
      if (error instanceof ApiError && error.status === 409 && error.message === m.deleteIssuedConfirm) {
        modal.confirm({
          title: 'Delete students',
          content: m.deleteIssuedConfirm,
          okText: 'Proceed',
          okButtonProps: { danger: true },
          onOk: () => remove.mutateAsync(true).catch(() => undefined),
        });
        return;
      }
      show(failureNotice(error, m.genericFailure));
    },
  });

  const confirmDelete = () => {
    if (items.length === 0) {
      show({ type: 'warning', text: m.selectCorrectItems });
      return;
    }
    modal.confirm({
      title: 'Delete the selected students?',
      content: 'Their details, photos and documents are removed. Issued certificates are never deleted.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(false).catch(() => undefined),
    });
  };

  const actionsDisabled = noCohorts;

  return (
    <PageContainer width={1280}>
      <Flex vertical gap={20}>
        <PageHeading
          icon={<TeamOutlined />}
          title="Manage Students"
          subtitle="Upload recipients into cohorts, invite them to register their wallet key and keep their details up to date."
        >
          <CertificateTypeSelect
            id="ms-certtype"
            value={certtype}
            onChange={(value) => refilter(() => setCerttype(value))}
          />
          {apiMode.data === true && canUpload && (
            <Button icon={<ImportOutlined />} onClick={() => setProgrammeOpen(true)}>
              Import programme
            </Button>
          )}
        </PageHeading>

        {notice !== undefined && <NoticeAlert notice={notice} onClose={() => setNotice(undefined)} />}

        {inviteProgress.runs.map((run) => (
          <RunProgress
            key={run.id}
            id={run.id}
            kind={run.kind}
            onFinished={() => void invalidate()}
            finishedAtStart={isRunFinished(run)}
            onClose={() => inviteProgress.dismiss(run.id)}
          />
        ))}

        {canUpload && (
          <Card
            variant="borderless"
            style={cardStyle}
            title={
              <Flex align="center" gap={8}>
                <CloudUploadOutlined style={{ color: 'var(--pm-color-primary)' }} />
                Upload recipients
              </Flex>
            }
          >
            <UploadPanel
              certtype={certtype}
              cohorts={cohorts.data?.Data ?? []}
              selectedCohort={cohort}
              onImported={(target) => {
                void invalidate();
                refilter(() => setCohort(target));
              }}
            />
          </Card>
        )}

        <Card
          variant="borderless"
          style={cardStyle}
          title={
            <Flex align="center" gap={8}>
              <TeamOutlined style={{ color: 'var(--pm-color-primary)' }} />
              Recipients
              {total > 0 && <Badge count={total} overflowCount={99999} color="#1f4ed8" />}
            </Flex>
          }
        >
          <Flex vertical gap={16}>
            {noCohorts && <Alert type="info" showIcon title={m.noCohorts} />}
            {cohorts.isError && (
              <Alert type="warning" showIcon title={failureNotice(cohorts.error, 'failed').text} />
            )}
            <Flex gap={12} wrap align="center">
              <CohortFilter
                cohorts={cohorts.data}
                loading={cohorts.isPending}
                value={cohort}
                onChange={(value) => refilter(() => setCohort(value))}
              />
              <Select
                aria-label="Status"
                style={{ width: 170 }}
                value={status}
                options={statusFilters.map((f) => ({
                  label: f.value === 'all' ? 'All statuses' : f.label,
                  value: f.value,
                }))}
                onChange={(value: StatusFilter) => refilter(() => setStatus(value))}
              />
              <SearchBox
                label="Search recipients"
                search={search}
                onSearch={(value) => refilter(() => setSearch(value))}
              />
            </Flex>

            <SelectionBar>
              <SelectionCount selected={selected} hint="Select students to act on them" />
              <Space wrap>
                {canPreview && (
                  <Button
                    icon={<EyeOutlined />}
                    disabled={actionsDisabled}
                    loading={preview.isPending}
                    onClick={() => needSelection(m.noSelectedStudents) && preview.mutate()}
                  >
                    Preview invitation email
                  </Button>
                )}
                {canManage && (
                  <Tooltip title="Use each selected student's email address as their public key.">
                    <Button
                      icon={<KeyOutlined />}
                      disabled={actionsDisabled}
                      loading={copyEmail.isPending}
                      onClick={() => needSelection(m.noSelectedStudents) && copyEmail.mutate()}
                    >
                      Copy email as public key
                    </Button>
                  </Tooltip>
                )}
                {canManage && (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    disabled={actionsDisabled}
                    loading={remove.isPending}
                    onClick={confirmDelete}
                  >
                    Delete
                  </Button>
                )}
                {canInvite && (
                  <Button
                    type="primary"
                    icon={<MailOutlined />}
                    disabled={actionsDisabled}
                    loading={invite.isPending}
                    onClick={() => needSelection(m.noSelectedStudents) && invite.mutate()}
                  >
                    Send invitation
                  </Button>
                )}
              </Space>
            </SelectionBar>

            <RecipientTable
              tree={rows}
              loading={tree.isFetching || cohorts.isPending}
              selected={selected}
              onSelected={setSelected}
              canEdit={canManage}
              onEdit={setEditing}
              onPhoto={setPhotoOf}
              emptyText={
                tree.isError
                  ? failureNotice(tree.error, 'failed').text
                  : noCohorts
                    ? m.noCohorts
                    : 'There is no data'
              }
            />

            <Pager
              page={page}
              pages={pages}
              total={total}
              pageSize={pageSize}
              onPage={(next) => {
                setAnchor(tree.data?.anchor);
                setPage(next);
              }}
              onPageSize={(size) => refilter(() => setPageSize(size))}
            />
          </Flex>
        </Card>
      </Flex>

      <EditRecipientModal
        row={editing}
        certtype={certtype}
        onClose={() => setEditing(undefined)}
        onDone={(next) => {
          setEditing(undefined);
          afterChange(next);
        }}
      />
      <PhotoModal row={photoOf} certtype={certtype} onClose={() => setPhotoOf(undefined)} />
      <InvitationPreviewModal mails={previewMails} onClose={() => setPreviewMails(undefined)} />
      {apiMode.data === true && canUpload && (
        <ProgrammeImportModal
          open={programmeOpen}
          certtype={certtype}
          onClose={() => setProgrammeOpen(false)}
          onImported={() => void invalidate()}
        />
      )}
    </PageContainer>
  );
}
