import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prettyLine, teeProductLog, PRODUCT_LOG } from './product-log';

const entry = {
  level: 'ERROR',
  message: 'job failed',
  timestamp: '2026-11-27T09:41:07.123Z',
  service: 'proofmark',
  sampling_rate: 0,
  job: 'import',
  orgId: 'org-1',
  error: { name: 'TypeError', message: 'x is undefined', stack: 'TypeError: x is undefined\n at …' },
};

describe('the product log of npm start', () => {
  it('shows a Powertools line as one readable line, without its envelope or stack', () => {
    expect(prettyLine(JSON.stringify(entry))).toBe(
      '09:41:07 ERROR job failed job=import orgId=org-1 error="TypeError: x is undefined"',
    );
    expect(prettyLine('Proofmark is running')).toBeUndefined();
    expect(prettyLine('{"not":"a log line"}')).toBeUndefined();
    expect(prettyLine('{broken')).toBeUndefined();
  });

  it('shows a Powertools metrics line (embedded metric format) as one line of values and dimensions', () => {
    const emf = {
      _aws: {
        Timestamp: Date.parse('2026-11-27T09:41:08.000Z'),
        CloudWatchMetrics: [
          {
            Namespace: 'Proofmark',
            Dimensions: [['service', 'job']],
            Metrics: [
              { Name: 'JobRunsStarted', Unit: 'Count' },
              { Name: 'JobRunsParked', Unit: 'Count' },
            ],
          },
        ],
      },
      service: 'proofmark',
      job: 'send',
      JobRunsStarted: 1,
      JobRunsParked: 0,
    };
    expect(prettyLine(JSON.stringify(emf))).toBe('09:41:08 METRIC JobRunsStarted=1 JobRunsParked=0 job=send');
  });

  it('appends the JSON lines to logs/product.log and passes everything else through', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-log-'));
    try {
      const seen: string[] = [];
      const stream = { write: (chunk: string) => (seen.push(String(chunk)), true) };
      const file = teeProductLog(stream as never, path.join(dir, 'logs'));
      stream.write(`${JSON.stringify(entry)}\n`);
      stream.write('Press Ctrl-C to stop.\n');
      stream.write(`${JSON.stringify({ ...entry, level: 'INFO', message: 'request' })}\nplain\n`);
      expect(path.basename(file)).toBe(PRODUCT_LOG);
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
      expect(lines.map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(['job failed', 'request']);
      expect(seen).toEqual([
        '09:41:07 ERROR job failed job=import orgId=org-1 error="TypeError: x is undefined"\n',
        'Press Ctrl-C to stop.\n',
        '09:41:07 INFO  request job=import orgId=org-1 error="TypeError: x is undefined"\nplain\n',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
