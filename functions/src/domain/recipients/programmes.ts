import { badRequest, type FieldIssue } from '@proofmark/shared/errors';
import type { ProgrammeImportRequest, ProgrammeListData } from '@proofmark/shared/contract/programmes';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  readStudentSheet,
  sheetColumns,
  validCohortId,
  type StudentRow,
} from '@proofmark/shared/recipients/rules';
import { programmeSource, type Level, type ProgrammeSource } from '../../adapters/programme-source';
import { getOrgSettings } from '../settings/org-settings';
import { mapLimit, putCohort, upsertStudent } from './recipient-store';

/**
 * Programme import (§2.2) for organisations in API mode: batches of a programme source become
 * cohorts, their students recipient rows. Like a sheet, a batch is imported whole or not at all.
 */

const levelsOf = (q: { undergraduate: number; postgraduate: number }): Level[] => {
  const levels: Level[] = [];
  if (q.undergraduate) levels.push('undergraduate');
  if (q.postgraduate) levels.push('postgraduate');
  if (!levels.length) throw badRequest(m.chooseLevel);
  return levels;
};

const requireApiMode = async (orgId: string) => {
  if ((await getOrgSettings(orgId)).isapimode !== 1) throw badRequest(m.apiModeOff);
};

export const listProgrammes = async (
  orgId: string,
  q: { undergraduate: number; postgraduate: number; paid: number; mode: number },
  source: ProgrammeSource = programmeSource(),
): Promise<ProgrammeListData> => {
  await requireApiMode(orgId);
  const batches = await source.batches({ levels: levelsOf(q), paid: q.paid === 1 });
  return {
    batchdata: q.mode === 2 ? [] : batches,
    paiddata: q.mode === 1 ? [] : await source.paidItems(batches.map((b) => b.id)),
  };
};

/** The cohort of a batch, for one semester or year when the import names one. */
export const cohortOfBatch = (batchId: string, period: { semester?: number; year?: number }) =>
  [batchId, period.semester ? `S${period.semester}` : '', period.year ? `Y${period.year}` : '']
    .filter(Boolean)
    .join('-');

export const importProgrammes = async (
  orgId: string,
  req: ProgrammeImportRequest,
  source: ProgrammeSource = programmeSource(),
) => {
  await requireApiMode(orgId);
  const levels = levelsOf(req);
  if (!req.selected.length) throw badRequest(m.noProgrammeSelected);
  const offered = await source.batches({ levels, paid: req.paid === 1 });
  const chosen = offered.filter((b) => req.selected.includes(b.id));
  if (chosen.length !== new Set(req.selected).size) throw badRequest(m.noProgrammeSelected);

  const period = { semester: req.semester, year: req.year };
  const header = sheetColumns.map((c) => c.header);
  const plans: { cohortid: string; students: StudentRow[] }[] = [];
  const problems: FieldIssue[] = [];
  for (const b of chosen) {
    const cohortid = cohortOfBatch(b.id, period);
    if (!validCohortId(cohortid)) {
      problems.push({ path: b.id, message: m.cohortIdInvalid });
      continue;
    }
    const students = await source.students(b.id, period);
    const read = readStudentSheet(
      header,
      students.map((s, i) => ({
        row: i + 1,
        cells: [s.firstname, s.middlename, s.lastname, s.email, s.secondemail, s.studentid],
      })),
    );
    if (read.ok) plans.push({ cohortid, students: read.students });
    else if (read.problems.length)
      problems.push(...read.problems.map((p) => ({ path: `${b.id} student ${p.row}`, message: p.reason })));
    else problems.push({ path: b.id, message: read.message });
  }
  if (problems.length) throw badRequest(problems[0]!.message, problems);

  for (const p of plans) {
    await putCohort(orgId, p.cohortid);
    await mapLimit(p.students, 10, (s) => upsertStudent(orgId, p.cohortid, req.certtype, s));
  }
  return { cohorts: plans.length, students: plans.reduce((n, p) => n + p.students.length, 0) };
};
