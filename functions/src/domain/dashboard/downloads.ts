import { stringify } from 'csv-stringify/sync';
import type { DownloadCategory, PeriodQuery } from '@proofmark/shared/contract/dashboard';
import { periodOf, periodTimes, seriesOf } from './charts';
import type { StatKind } from './counters';
import { engagementOf } from './engagement';
import { allVerificationRequests } from './verification-requests';

/**
 * The dashboard's CSV downloads (§7: the rows behind a chart, or the verification-requests table,
 * saved as download.csv). Written by csv-stringify with its formula guard: a value beginning with
 * =, +, -, @, tab or CR (which spreadsheets run as a formula) is prefixed with a quote, so names a
 * stranger typed into a verified credential cannot run in the administrator's spreadsheet.
 */

/** A download of the table stops here (a Lambda answer is at most 6 MB). */
export const MAX_CSV_ROWS = 20_000;

export const toCsv = (header: string[], rows: (string | number)[][]) =>
  stringify([header, ...rows], { escape_formulas: true, record_delimiter: 'windows' });

const chartKind: Record<Exclude<DownloadCategory, 'verify' | 'engagement'>, StatKind> = {
  issue: 'issued',
  sent: 'sent',
  revoke: 'revoked',
};

export const dashboardCsv = async (
  orgId: string,
  q: PeriodQuery & { category: DownloadCategory; search: string; cohort: string },
): Promise<string> => {
  const period = periodOf(q);
  if (q.category === 'verify') {
    const rows = await allVerificationRequests(orgId, periodTimes(period), q.search, MAX_CSV_ROWS);
    return toCsv(
      [
        'time',
        'recipient',
        'certificate',
        'credential',
        'verdict',
        'method',
        'transaction',
        'payer',
        'organization',
        'designation',
        'email',
        'contact number',
        'enrolment number',
        'amount',
        'currency',
      ],
      rows.map((r) => [
        r.timeadded,
        r.fullname,
        r.competencyname,
        r.credentialId,
        r.verdict,
        r.method,
        r.transactionid,
        r.payer_name ?? '',
        r.organization ?? '',
        r.designation ?? '',
        r.email ?? '',
        r.contactnumber ?? '',
        r.enrollnumber ?? '',
        r.amountofpayment ?? '',
        r.currency ?? '',
      ]),
    );
  }
  if (q.category === 'engagement') {
    // Both funnels, one row per cohort and funnel; a stage the other funnel has not is left empty.
    const { cohorts, invitations } = await engagementOf(orgId, q.cohort);
    return toCsv(
      [
        'funnel',
        'cohort',
        'mailed',
        'delivered',
        'opened',
        'clicked',
        'verified',
        'wallet connected',
        'bounced',
        'complained',
        'opens',
        'clicks',
      ],
      [
        ...cohorts.map((c) => [
          'credential',
          c.cohortid,
          c.mailed,
          c.delivered,
          c.opened,
          c.clicked,
          c.verified,
          '',
          c.bounced,
          c.complained,
          c.opens,
          c.clicks,
        ]),
        ...invitations.cohorts.map((c) => [
          'invitation',
          c.cohortid,
          c.invited,
          c.delivered,
          c.opened,
          '',
          '',
          c.connected,
          c.bounced,
          c.complained,
          c.opens,
          '',
        ]),
      ],
    );
  }
  const kind = chartKind[q.category];
  const series = await seriesOf(orgId, period);
  return toCsv(
    [q.timetype, kind],
    period.labels.map((label, i) => [label, series[kind][i]!]),
  );
};
