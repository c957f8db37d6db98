import { httpGroup } from './kit';

// Filled in by the workspace work (shared/src/api/workspace.ts lists this group's routes).
export const handler = httpGroup({});
