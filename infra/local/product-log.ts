import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` keeps the product's own log: every JSON line the functions and jobs write (the
 * Powertools logger) is appended as it is to `<data dir>/logs/product.log`, and the console shows
 * it as one readable line. Anything else written to the console passes unchanged.
 */

export const PRODUCT_LOG = 'product.log';

/** Fields every Powertools line carries: the one-line form leaves them out. */
const ENVELOPE = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'sampling_rate',
  'xray_trace_id',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
]);
const MAX_PRETTY = 300;

const show = (v: unknown): string => {
  if (typeof v === 'string') return /[\s"=]/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v) ?? String(v);
};

interface MetricsDirective {
  Timestamp?: number;
  CloudWatchMetrics?: { Dimensions?: string[][]; Metrics?: { Name: string }[] }[];
}

/** A Powertools metrics line (embedded metric format) as `09:41:07 METRIC name=value … dimension=value`. */
const prettyMetrics = (entry: Record<string, unknown>, aws: MetricsDirective): string | undefined => {
  const directive = aws.CloudWatchMetrics?.[0];
  if (!directive?.Metrics) return undefined;
  const time = aws.Timestamp ? new Date(aws.Timestamp).toISOString().slice(11, 19) : '';
  const values = directive.Metrics.map((m) => `${m.Name}=${show(entry[m.Name])}`);
  const dimensions = [...new Set(directive.Dimensions?.flat() ?? [])]
    .filter((d) => d !== 'service')
    .map((d) => `${d}=${show(entry[d])}`);
  return [time, 'METRIC', ...values, ...dimensions].filter(Boolean).join(' ');
};

/**
 * The one-line form of a Powertools JSON line (`09:41:07 INFO  message key=value …`, or a metrics
 * line); undefined for any other line.
 */
export const prettyLine = (line: string): string | undefined => {
  if (!line.startsWith('{')) return undefined;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (entry._aws && typeof entry._aws === 'object') return prettyMetrics(entry, entry._aws as MetricsDirective);
  if (typeof entry.level !== 'string' || typeof entry.message !== 'string') return undefined;
  const time = typeof entry.timestamp === 'string' ? entry.timestamp.slice(11, 19) : '';
  const rest = Object.entries(entry)
    .filter(([k]) => !ENVELOPE.has(k))
    .map(([k, v]) => {
      if (k === 'error' && v && typeof v === 'object') {
        const e = v as { name?: string; message?: string };
        return `error=${show(`${e.name ?? 'Error'}: ${e.message ?? ''}`)}`;
      }
      return `${k}=${show(v)}`;
    });
  const text = [time, entry.level.padEnd(5), entry.message, ...rest].filter(Boolean).join(' ');
  return text.length > MAX_PRETTY ? `${text.slice(0, MAX_PRETTY - 1)}…` : text;
};

type Writable = Pick<NodeJS.WriteStream, 'write'>;

/** Wraps `stream.write`: JSON log lines go to the file and, pretty, to the stream; the rest as it was. */
export const teeProductLog = (stream: Writable, logDir: string): string => {
  fs.mkdirSync(logDir, { recursive: true });
  const file = path.join(logDir, PRODUCT_LOG);
  const original = stream.write.bind(stream) as (chunk: string) => boolean;
  stream.write = ((chunk: unknown, ...args: unknown[]) => {
    if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return original(chunk as string);
    const text = chunk.toString();
    const lines = text.split('\n');
    const out: string[] = [];
    const logged: string[] = [];
    for (const [i, line] of lines.entries()) {
      const pretty = prettyLine(line);
      if (pretty === undefined) out.push(line);
      else {
        logged.push(line);
        out.push(pretty);
      }
      if (i === lines.length - 1 && line === '') out.pop();
    }
    if (logged.length) fs.appendFileSync(file, `${logged.join('\n')}\n`);
    const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    const written = original(out.length ? `${out.join('\n')}${text.endsWith('\n') ? '\n' : ''}` : '');
    callback?.();
    return written;
  }) as NodeJS.WriteStream['write'];
  return file;
};
