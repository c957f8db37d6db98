import fs from 'node:fs';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import { HOST } from '../ports';
import type { RunningServer } from './child';

type LocalAwsSqs = typeof import('local-aws-sqs');

/**
 * The one place where local-aws-sqs (2.0.2, pinned; there is no later release) differs from SQS in a
 * way our jobs feel: it adds one to a message's ApproximateReceiveCount on ChangeMessageVisibility
 * too, not only on a receive. The pollers delay a failed message's retry with such a change
 * (pollers.ts), so every failed delivery counted twice and a message was parked after about half its
 * maxReceiveCount deliveries. The package is loaded with that one expression changed: its
 * visibility routine counts a receive only when it is not called for a visibility change (its third
 * argument). A release whose code no longer has the expression stops the start here, loudly.
 */
const COUNTS_EVERY_CHANGE = 'let n=Number(t.record.attributes.ApproximateReceiveCount)+1;';
const COUNTS_RECEIVES = 'let n=Number(t.record.attributes.ApproximateReceiveCount)+(i?0:1);';

const loadLocalAwsSqs = (): LocalAwsSqs => {
  const file = createRequire(import.meta.url).resolve('local-aws-sqs');
  const source = fs.readFileSync(file, 'utf8');
  if (!source.includes(COUNTS_EVERY_CHANGE))
    throw new Error(`local-aws-sqs changed (${file}): review infra/local/servers/sqs.ts's receive-count fix`);
  const patched = new Module(file) as Module & { _compile(code: string, filename: string): void };
  patched.filename = file;
  patched.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
    path.dirname(file),
  );
  patched._compile(source.replace(COUNTS_EVERY_CHANGE, COUNTS_RECEIVES), file);
  return patched.exports as LocalAwsSqs;
};

let loaded: LocalAwsSqs | undefined;

/**
 * local-aws-sqs keeps messages in memory only: queues are created again at each start by provisioning,
 * and the jobs keep their state in DynamoDB so nothing is lost across a restart.
 */
export const startSqs = async (port: number): Promise<RunningServer & { port: number }> => {
  const server = await (loaded ??= loadLocalAwsSqs()).createSqsServer({
    port,
    hostname: HOST,
    queues: [],
    emulateQueueCreationLifecycle: false,
  });
  const actual = (server.address() as { port: number }).port;
  return {
    name: 'sqs',
    url: `http://${HOST}:${actual}`,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => (server.closeAllConnections?.(), server.close(() => resolve()))),
  };
};
