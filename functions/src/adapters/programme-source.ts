import * as z from 'zod';
import { AppError } from '@proofmark/shared/errors';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { functionConfig } from './function-config';

/**
 * Where API-mode organisations import programmes from (§2.2). Chosen by configuration: with
 * PROGRAMME_SOURCE_URL set, an HTTP/JSON source; unset (local mode), the bundled sample below.
 *
 * The HTTP/JSON source answers three GETs (JSON bodies, 200 on success):
 *   GET {base}/batches?levels=undergraduate,postgraduate&paid=0|1
 *       → { "batches": [{ "id", "label", "level": "undergraduate"|"postgraduate", "paid": bool, "students": int }] }
 *   GET {base}/paid-items?batches=<id>,<id>
 *       → { "items": [{ "id", "label", "batchId" }] }
 *   GET {base}/batches/{id}/students?semester=1..10&year=1..6   (both optional)
 *       → { "students": [{ "studentid", "firstname", "middlename"?, "lastname"?, "email", "secondemail"? }] }
 * A batch id is used as the cohort key: dash-joined parts ("2024-BSC-CS") give chained dropdowns.
 */
export type Level = 'undergraduate' | 'postgraduate';

const batch = z.object({
  id: z.string().min(1),
  label: z.string(),
  level: z.enum(['undergraduate', 'postgraduate']),
  paid: z.boolean(),
  students: z.number().int().nonnegative(),
});
const paidItem = z.object({ id: z.string(), label: z.string(), batchId: z.string() });
const student = z.object({
  studentid: z.string(),
  firstname: z.string(),
  middlename: z.string().optional().default(''),
  lastname: z.string().optional().default(''),
  email: z.string(),
  secondemail: z.string().optional().default(''),
});
export type ProgrammeBatch = z.infer<typeof batch>;
export type PaidItem = z.infer<typeof paidItem>;
export type ProgrammeStudent = z.infer<typeof student>;

export interface ProgrammeSource {
  batches(filter: { levels: Level[]; paid: boolean }): Promise<ProgrammeBatch[]>;
  paidItems(batchIds: string[]): Promise<PaidItem[]>;
  students(batchId: string, period: { semester?: number; year?: number }): Promise<ProgrammeStudent[]>;
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export const httpProgrammeSource = (base: string, fetchFn: Fetch = fetch): ProgrammeSource => {
  const get = async <S extends z.ZodTypeAny>(path: string, schema: S): Promise<z.infer<S>> => {
    let res: Response;
    try {
      res = await fetchFn(`${base}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (cause) {
      throw new AppError('unavailable', m.programmeSourceFailed, { cause });
    }
    if (!res.ok) throw new AppError('unavailable', m.programmeSourceFailed, { cause: `HTTP ${res.status}` });
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new AppError('unavailable', m.programmeSourceFailed, { cause: parsed.error });
    return parsed.data;
  };
  return {
    batches: async ({ levels, paid }) =>
      (
        await get(
          `/batches?levels=${levels.join(',')}&paid=${paid ? 1 : 0}`,
          z.object({ batches: z.array(batch) }),
        )
      ).batches,
    paidItems: async (ids) =>
      (
        await get(
          `/paid-items?batches=${ids.map(encodeURIComponent).join(',')}`,
          z.object({ items: z.array(paidItem) }),
        )
      ).items,
    students: async (id, { semester, year }) => {
      const q = new URLSearchParams();
      if (semester) q.set('semester', String(semester));
      if (year) q.set('year', String(year));
      const qs = q.size ? `?${q}` : '';
      return (
        await get(
          `/batches/${encodeURIComponent(id)}/students${qs}`,
          z.object({ students: z.array(student) }),
        )
      ).students;
    },
  };
};

/** The bundled sample (local mode): two undergraduate and one postgraduate batch. */
const sample: { batch: ProgrammeBatch; students: ProgrammeStudent[]; paid: PaidItem[] }[] = [
  {
    batch: {
      id: '2024-BSC-CS',
      label: 'B.Sc. Computer Science 2024',
      level: 'undergraduate',
      paid: false,
      students: 3,
    },
    students: [
      {
        studentid: 'UG24CS001',
        firstname: 'Ada',
        middlename: '',
        lastname: 'Byron',
        email: 'ada.byron@example.org',
        secondemail: '',
      },
      {
        studentid: 'UG24CS002',
        firstname: 'Charles',
        middlename: '',
        lastname: 'Babbage',
        email: 'charles.babbage@example.org',
        secondemail: '',
      },
      {
        studentid: 'UG24CS003',
        firstname: 'Grace',
        middlename: 'Brewster',
        lastname: 'Hopper',
        email: 'grace.hopper@example.org',
        secondemail: '',
      },
    ],
    paid: [],
  },
  {
    batch: {
      id: '2024-BA-HIST',
      label: 'B.A. History 2024',
      level: 'undergraduate',
      paid: true,
      students: 2,
    },
    students: [
      {
        studentid: 'UG24HI001',
        firstname: 'Herodotus',
        middlename: '',
        lastname: 'Halicarnassus',
        email: 'herodotus@example.org',
        secondemail: '',
      },
      {
        studentid: 'UG24HI002',
        firstname: 'Thucydides',
        middlename: '',
        lastname: 'Athens',
        email: 'thucydides@example.org',
        secondemail: '',
      },
    ],
    paid: [{ id: 'PAID-HIST-TRANSCRIPT', label: 'History transcript fee', batchId: '2024-BA-HIST' }],
  },
  {
    batch: {
      id: '2024-MSC-PHY',
      label: 'M.Sc. Physics 2024',
      level: 'postgraduate',
      paid: false,
      students: 2,
    },
    students: [
      {
        studentid: 'PG24PH001',
        firstname: 'Lise',
        middlename: '',
        lastname: 'Meitner',
        email: 'lise.meitner@example.org',
        secondemail: '',
      },
      {
        studentid: 'PG24PH002',
        firstname: 'Chien-Shiung',
        middlename: '',
        lastname: 'Wu',
        email: 'cs.wu@example.org',
        secondemail: '',
      },
    ],
    paid: [],
  },
];

export const sampleProgrammeSource: ProgrammeSource = {
  batches: async ({ levels, paid }) =>
    sample.filter((s) => levels.includes(s.batch.level) && (!paid || s.batch.paid)).map((s) => s.batch),
  paidItems: async (ids) => sample.filter((s) => ids.includes(s.batch.id)).flatMap((s) => s.paid),
  students: async (id) => sample.find((s) => s.batch.id === id)?.students ?? [],
};

export const programmeSource = (): ProgrammeSource => {
  const url = functionConfig().programmeSourceUrl;
  return url ? httpProgrammeSource(url) : sampleProgrammeSource;
};
