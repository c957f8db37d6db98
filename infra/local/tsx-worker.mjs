// The entry of the local cloud's worker threads (function-workers.ts, stand-ins.ts). A worker does
// not inherit the parent's `--import tsx` hook, so it registers tsx itself before loading the
// TypeScript module its creator names (workerData.entry, a file URL).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
