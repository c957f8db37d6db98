import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Select, Space, Statistic } from 'antd';
import { dashboardYears } from '@proofmark/shared/contract/dashboard';
import type { DownloadCategory } from '@proofmark/shared/contract/dashboard';
import { downloadDashboardCsv, useDashboard, useEngagement, useFirstSteps } from '../../api/dashboard';
import { BarChartOutlined, DownloadOutlined } from '../../components/icons';
import { PageContainer } from '../../components/PageContainer';
import { PageHeading } from '../../components/PageHeading';
import { CountChart } from './components/CountChart';
import { EngagementCard } from './components/EngagementCard';
import { FirstSteps, firstStepsDone } from './components/FirstSteps';
import { defaultEndYear, periodFor, type TimeType } from './components/period';
import { VerificationTable, type TablePaging } from './components/VerificationTable';

const charts = [
  { key: 'issued', category: 'issue', title: 'Issued', total: 'issueTotal', color: '#3b6cf6' },
  { key: 'sent', category: 'sent', title: 'Sent', total: 'sentTotal', color: '#13a8a8' },
  { key: 'revoked', category: 'revoke', title: 'Revoked', total: 'revokeTotal', color: '#cf1322' },
] as const;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The statistics dashboard (account-and-billing §2, §3, §7): Monthly or Yearly (with the end-year
 * selector), charts of issued, sent and revoked certificates with their totals, the
 * verification-requests table, CSV of each, the engagement funnel, and a new organisation's first
 * steps. A refused call shows its message as a warning (§4, §8).
 */
export default function DashboardPage() {
  const [timetype, setTimetype] = useState<TimeType>('month');
  const [endYear, setEndYear] = useState(defaultEndYear);
  const [paging, setPaging] = useState<TablePaging>({ search: '', order: 'desc' });
  const [downloadError, setDownloadError] = useState<string>();
  const period = periodFor(timetype, endYear);
  const dashboard = useDashboard({ ...period, pagesize: 10, ...paging });
  const steps = useFirstSteps();
  const engagement = useEngagement();
  const data = dashboard.data;

  const download = (category: DownloadCategory) => {
    setDownloadError(undefined);
    downloadDashboardCsv({
      ...period,
      category,
      search: category === 'verify' ? paging.search : '',
      cohort: '',
    }).catch((err: unknown) => setDownloadError(messageOf(err)));
  };
  const failure = dashboard.error ?? steps.error ?? engagement.error;
  const newOrganisation = steps.data && !firstStepsDone(steps.data);
  const nothingYet = newOrganisation && !steps.data?.steps.find((s) => s.id === 'issue')?.done;

  return (
    <PageContainer>
      <Flex vertical gap={24}>
        <PageHeading
          icon={<BarChartOutlined />}
          title="Dashboard"
          subtitle="Certificates issued, sent, revoked and verified"
        >
          <Space wrap>
            <Segmented
              aria-label="Period"
              value={timetype}
              onChange={(v) => {
                setTimetype(v as TimeType);
                setPaging({ ...paging, cursor: undefined });
              }}
              options={[
                { label: 'Monthly', value: 'month' },
                { label: 'Yearly', value: 'year' },
              ]}
            />
            {timetype === 'year' ? (
              <Select
                aria-label="End year"
                value={endYear}
                style={{ width: 110 }}
                onChange={(y) => {
                  setEndYear(y);
                  setPaging({ ...paging, cursor: undefined });
                }}
                options={dashboardYears.map((y) => ({ label: String(y), value: y }))}
              />
            ) : null}
          </Space>
        </PageHeading>
        {failure ? <Alert type="warning" showIcon message={messageOf(failure)} /> : null}
        {downloadError ? (
          <Alert
            type="warning"
            showIcon
            closable
            message={downloadError}
            onClose={() => setDownloadError(undefined)}
          />
        ) : null}
        {newOrganisation && steps.data ? <FirstSteps data={steps.data} /> : null}
        {nothingYet ? null : (
          <Row gutter={[16, 16]}>
            {charts.map((c) => (
              <Col key={c.key} xs={24} lg={8}>
                <Card
                  title={c.title}
                  loading={!data}
                  extra={
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={`Download ${c.title.toLowerCase()} as CSV`}
                      onClick={() => download(c.category)}
                    >
                      CSV
                    </Button>
                  }
                >
                  {data ? (
                    <Flex vertical gap={8}>
                      <Statistic
                        title={`${c.title} in this period`}
                        value={data[c.total]}
                        data-testid={`total-${c.key}`}
                      />
                      <CountChart
                        labels={data.xAxis}
                        values={data.yAxis[c.key]}
                        color={c.color}
                        name={c.title}
                      />
                    </Flex>
                  ) : null}
                </Card>
              </Col>
            ))}
          </Row>
        )}
        <VerificationTable
          rows={data?.verify.rows ?? []}
          next={data?.verify.next}
          loading={dashboard.isFetching}
          paging={paging}
          onPaging={setPaging}
          onDownload={() => download('verify')}
        />
        {engagement.data ? (
          <EngagementCard data={engagement.data} onDownload={() => download('engagement')} />
        ) : null}
      </Flex>
    </PageContainer>
  );
}
