// Types of preflight.mjs, which stays plain JavaScript so it runs before anything is compiled.
export type PreflightCommand = 'start' | 'test';

export interface PreflightFacts {
  command: PreflightCommand;
  /** process.versions.node */
  node: string;
  root: boolean;
  /** From /etc/os-release; null when it cannot be read. */
  os: { id: string; idLike: string[] } | null;
  /** JAVA_VERSION of the first java on PATH; 'unknown' when found without a release file; null when absent. */
  java: string | null;
  chromiumPath: string | undefined;
  executable: Record<string, boolean>;
}

export type PreflightDecision =
  { action: 'run' } | { action: 'install'; packages: string[] } | { action: 'stop'; message: string };

export const MIN_NODE: [number, number];
export const MIN_JAVA: number;
export const HEADLESS_SHELL: string;
export const COMMAND_NEEDS: Record<PreflightCommand, string[]>;
export function decide(facts: PreflightFacts): PreflightDecision;
export function aptInstallArgs(packages: string[]): string[];
export function aptUpdateNeeded(policyOutput: string, packages: string[]): boolean;
export function parseOsRelease(text: string): PreflightFacts['os'];
export function probeJava(pathVariable: string | undefined): string | null;
export function probe(command: PreflightCommand, env?: NodeJS.ProcessEnv): PreflightFacts;
export function preflight(command: PreflightCommand): void;
