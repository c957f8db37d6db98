// The entry of a route group's worker thread (function-workers.ts). A worker does not inherit the
// parent's `--import tsx` hook, so it registers tsx itself before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./function-worker.ts');
