import { describe, expect, it } from 'vitest';
import type { CertificateParentRow, CertificateRow, RunView } from '@proofmark/shared/contract/workspace';
import { canGenerate, canIssue } from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import {
  certTableRows,
  childItems,
  issuableStatuses,
  cohortsToValidate,
  selectedRows,
  statusesOf,
  wholeCohortOf,
} from './certificate-rows';
import { certificateDocument } from './certificate-document';
import { defaultWorkspaceChoices, parseWorkspaceChoices } from './workspace-choices';
import { parseDismissedRuns, runsToRestore, withDismissedRun } from './restored-runs';
import { runDoneText, runPercent, runRouteText } from './run-status';
import { scheduleProblem } from './schedule-time';

const child = (cohort: string, id: string, status: string): CertificateRow => ({
  id: `${cohort}=${id}`,
  cohortid: cohort,
  studentid: id,
  field1: 'Ada',
  field2: '',
  field3: 'Lovelace',
  field4: `${id}@example.test`,
  field5: '',
  field6: '',
  field7: '',
  field10: 'No',
  field11: '',
  status,
  secondemailaddress: '',
  extrafields: {},
  is_child: 1,
  children: [],
  is_validated: 0,
  credentialId: '',
  jsondownloadurl: '',
  pdfdownloadurl: '',
  printpdfurl: '',
  verifyurl: '',
  scheduledAt: '',
  approval: 0,
  declinereason: '',
});

const parent = (cohort: string, children: CertificateRow[], pagecount?: number): CertificateParentRow => ({
  ...child(cohort, '', ''),
  id: `${cohort}=`,
  field10: '',
  is_child: 0,
  children,
  ...(pagecount !== undefined ? { pagecount } : {}),
});

const tree = [
  parent('A', [child('A', 'S1', 'generated'), child('A', 'S2', 'Invite pending')], 3),
  parent('B', [child('B', 'S3', 'PK received')]),
];

describe('the tables’ rows', () => {
  it('keeps children under their cohort and drops pagecount', () => {
    const rows = certTableRows(tree);
    expect(rows.map((r) => r.id)).toEqual(['A=', 'B=']);
    expect(rows[0]!.children!.map((r) => r.id)).toEqual(['A=S1', 'A=S2']);
    expect('pagecount' in rows[0]!).toBe(false);
  });

  it('judges a selection by the statuses of its checked recipients', () => {
    const rows = certTableRows(tree);
    expect(statusesOf(selectedRows(rows, new Set()))).toEqual([]);
    expect(canGenerate(statusesOf(selectedRows(rows, new Set())))).toEqual({
      ok: false,
      message: m.noSelectedStudents,
    });
    const picked = selectedRows(rows, new Set(['A=', 'A=S1', 'A=S2']));
    expect(statusesOf(picked)).toEqual(['generated', 'Invite pending']);
    expect(canGenerate(statusesOf(picked))).toEqual({ ok: false, message: m.someInvitePending });
    expect(canIssue(statusesOf(selectedRows(rows, new Set(['A=S1']))))).toEqual({ ok: true });
  });
});

describe('whole cohorts', () => {
  it('sends the checked recipients, never a cohort id', () => {
    expect(childItems(new Set(['A=', 'A=S1', 'A=S2', 'B=S3']))).toEqual(['A=S1', 'A=S2', 'B=S3']);
  });

  it('issues a whole cohort when one cohort row is checked and nothing outside it', () => {
    expect(wholeCohortOf(new Set(['A=', 'A=S1', 'A=S2']))).toBe('A');
    expect(wholeCohortOf(new Set(['A=', 'A=S1', 'B=S3']))).toBeUndefined();
    expect(wholeCohortOf(new Set(['A=', 'B=']))).toBeUndefined();
    expect(wholeCohortOf(new Set(['A=S1']))).toBeUndefined();
    expect(issuableStatuses(['generated', 'Invite pending', 'Sent for Review'])).toEqual([
      'generated',
      'Sent for Review',
    ]);
  });

  it('validates the checked cohorts, else the filtered cohort when it is a real one', () => {
    expect(cohortsToValidate(new Set(['A=', 'A=S1', 'B=S3']), '', ['A', 'B'])).toEqual(['A']);
    expect(cohortsToValidate(new Set(['B=S3']), 'B', ['A', 'B'])).toEqual(['B']);
    expect(cohortsToValidate(new Set(), 'Class', ['Class-2026'])).toEqual([]);
    expect(cohortsToValidate(new Set(), '', ['A'])).toEqual([]);
  });
});

describe('runPercent', () => {
  it('follows done and failed rows, and is full once done', () => {
    expect(runPercent({ state: 'queued', total: 0, done: 0, failed: 0 })).toBe(0);
    expect(runPercent({ state: 'running', total: 4, done: 1, failed: 1 })).toBe(50);
    expect(runPercent({ state: 'done', total: 0, done: 0, failed: 0 })).toBe(100);
  });
});

describe('runDoneText', () => {
  it('says what a finished run did, and what failed', () => {
    expect(runDoneText({ kind: 'generate', done: 2, failed: 0, total: 2 })).toBe(
      '2 of 2 certificates generated.',
    );
    expect(runDoneText({ kind: 'bake', done: 1, failed: 1, total: 2 })).toBe(
      '1 of 2 badges baked. 1 failed.',
    );
    expect(runDoneText({ kind: 'invite', done: 24, failed: 1, total: 25 })).toBe(
      '24 of 25 invitations sent. 1 failed.',
    );
  });
});

describe('runRouteText', () => {
  it("names the organisation's server or Proofmark's sender, and says nothing for a run that mailed nothing", () => {
    expect(runRouteText({})).toBeUndefined();
    expect(runRouteText({ mailRoutes: { organisation: 0, product: 0 } })).toBeUndefined();
    expect(runRouteText({ mailRoutes: { organisation: 2, product: 0, server: 'smtp.uni.test:587' } })).toBe(
      'Mailed through your mail server (smtp.uni.test:587).',
    );
    expect(runRouteText({ mailRoutes: { organisation: 0, product: 3 } })).toBe(
      "Mailed through Proofmark's sender.",
    );
    expect(runRouteText({ mailRoutes: { organisation: 1, product: 1, server: 'Office 365' } })).toBe(
      "Mailed: 1 through your mail server (Office 365), 1 through Proofmark's sender.",
    );
  });
});

describe('scheduleProblem', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it('wants a time ahead, at most a year ahead', () => {
    expect(scheduleProblem(new Date('2026-01-01T11:59:00Z'), now)).toBe(m.scheduleInPast);
    expect(scheduleProblem(new Date('2026-01-01T13:00:00Z'), now)).toBeUndefined();
    expect(scheduleProblem(new Date('2027-06-01T12:00:00Z'), now)).toBe(m.scheduleTooFar);
  });
});

describe('certificateDocument', () => {
  it('shows a whole document as it is and wraps a fragment', () => {
    expect(certificateDocument('<!DOCTYPE html><html><body>x</body></html>')).toBe(
      '<!DOCTYPE html><html><body>x</body></html>',
    );
    expect(certificateDocument('<p>x</p>')).toMatch(/^<!doctype html>.*<base target="_blank">.*<p>x<\/p>/);
  });
});

describe('parseWorkspaceChoices', () => {
  it('falls back to the defaults for anything missing or invalid', () => {
    expect(parseWorkspaceChoices(null)).toEqual(defaultWorkspaceChoices);
    expect(parseWorkspaceChoices('not json')).toEqual(defaultWorkspaceChoices);
    expect(
      parseWorkspaceChoices(
        JSON.stringify({ certtype: 'nope', status: 'Lost', pageSize: 7, tab: 'x', page: -1 }),
      ),
    ).toEqual(defaultWorkspaceChoices);
  });

  it('reads back valid choices', () => {
    const choices = {
      certtype: 'openbadges',
      cohort: 'Class-2026',
      status: 'Hold',
      pageSize: 100,
      tab: 'issued',
      page: 2,
      pageIssued: 1,
      downloadType: 'consolidated',
    };
    expect(parseWorkspaceChoices(JSON.stringify(choices))).toEqual(choices);
  });
});

describe('runs a reopened page shows again', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  const run = (id: string, changes: Partial<RunView>): RunView => ({
    id,
    kind: 'generate',
    state: 'running',
    total: 2,
    done: 0,
    failed: 0,
    errors: [],
    message: '',
    createdAt: '2026-11-25T09:00:00Z',
    updatedAt: '2026-11-25T09:00:00Z',
    ...changes,
  });
  const runs = [
    run('active', { state: 'queued' }),
    run('scheduled', { state: 'scheduled', kind: 'issue' }),
    run('failed', { state: 'failed', errors: ['S1: no key'] }),
    run('some-failed', { state: 'done', failed: 1, done: 1 }),
    run('clean-old', { state: 'done', done: 2, updatedAt: '2026-11-25T09:50:00Z' }),
    run('clean-now', { state: 'done', done: 2, updatedAt: '2026-11-25T09:58:00Z' }),
  ];

  it('keeps unfinished runs, runs with failures and runs that finished moments ago, in order', () => {
    expect(runsToRestore(runs, new Set(), now).map((r) => r.id)).toEqual([
      'active',
      'scheduled',
      'failed',
      'some-failed',
      'clean-now',
    ]);
  });

  it('leaves out dismissed runs', () => {
    expect(runsToRestore(runs, new Set(['failed', 'active']), now).map((r) => r.id)).toEqual([
      'scheduled',
      'some-failed',
      'clean-now',
    ]);
  });

  it('reads the dismissed list leniently and keeps it bounded, newest first', () => {
    expect(parseDismissedRuns(null)).toEqual([]);
    expect(parseDismissedRuns('{"a":1}')).toEqual([]);
    expect(parseDismissedRuns('not json')).toEqual([]);
    expect(parseDismissedRuns('["a", 2, "b"]')).toEqual(['a', 'b']);
    expect(withDismissedRun(['a', 'b'], 'b')).toEqual(['b', 'a']);
    const many = Array.from({ length: 250 }, (_, i) => `r${i}`);
    const kept = withDismissedRun(many, 'new');
    expect(kept).toHaveLength(200);
    expect(kept[0]).toBe('new');
  });
});
