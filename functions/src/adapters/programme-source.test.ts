import { describe, expect, it } from 'vitest';
import { AppError } from '@proofmark/shared/errors';
import { httpProgrammeSource, sampleProgrammeSource } from './programme-source';

const answering = (routes: Record<string, unknown>, calls: string[] = []) =>
  (async (url: string) => {
    calls.push(url);
    const body = routes[url];
    return body === undefined ? new Response('no', { status: 404 }) : Response.json(body);
  }) as (url: string) => Promise<Response>;

describe('the HTTP/JSON programme source', () => {
  it('calls the documented paths and checks the answers', async () => {
    const calls: string[] = [];
    const source = httpProgrammeSource(
      'https://src.test',
      answering(
        {
          'https://src.test/batches?levels=undergraduate&paid=0': {
            batches: [{ id: '2024-A', label: 'A', level: 'undergraduate', paid: false, students: 1 }],
          },
          'https://src.test/paid-items?batches=2024-A': { items: [] },
          'https://src.test/batches/2024-A/students?semester=2': {
            students: [{ studentid: 'S1', firstname: 'Ada', email: 'a@x.org' }],
          },
        },
        calls,
      ),
    );
    expect(await source.batches({ levels: ['undergraduate'], paid: false })).toHaveLength(1);
    expect(await source.paidItems(['2024-A'])).toEqual([]);
    expect(await source.students('2024-A', { semester: 2 })).toEqual([
      { studentid: 'S1', firstname: 'Ada', middlename: '', lastname: '', email: 'a@x.org', secondemail: '' },
    ]);
    expect(calls).toHaveLength(3);
  });

  it('turns errors and malformed answers into "unavailable"', async () => {
    const source = httpProgrammeSource(
      'https://src.test',
      answering({ 'https://src.test/batches?levels=postgraduate&paid=1': { batches: [{ id: 1 }] } }),
    );
    const bad = await source.batches({ levels: ['postgraduate'], paid: true }).catch((e: unknown) => e);
    expect((bad as AppError).status).toBe(503);
    const missing = await source.paidItems(['x']).catch((e: unknown) => e);
    expect((missing as AppError).status).toBe(503);
  });
});

describe('the bundled sample source', () => {
  it('filters by level and paid', async () => {
    expect(
      (await sampleProgrammeSource.batches({ levels: ['postgraduate'], paid: false })).map((b) => b.id),
    ).toEqual(['2024-MSC-PHY']);
    expect(
      (await sampleProgrammeSource.batches({ levels: ['undergraduate'], paid: true })).map((b) => b.id),
    ).toEqual(['2024-BA-HIST']);
  });
});
