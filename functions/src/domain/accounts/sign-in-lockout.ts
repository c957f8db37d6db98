import { AppError } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { windowCounter, type Limit } from '../../store/limit-windows';
import { clientExempt } from '../client-limits';

/**
 * Failed sign-ins are throttled per account AND per client (OWASP ASVS 2.2.1), so that a stranger
 * who knows an email cannot lock its owner out:
 * - one client failing five times on one email is refused for that email for 15 minutes (the owner,
 *   from their own client, is not);
 * - one client failing 30 times over any emails is refused altogether for 15 minutes;
 * - failures on one email from every client together slow each further attempt on it down
 *   progressively (1, 2, 4, then 8 s at most) instead of locking it.
 */
export const PAIR_FAILURES: Limit = { max: 5, windowSeconds: 15 * 60 };
export const CLIENT_FAILURES: Limit = { max: 30, windowSeconds: 15 * 60 };
const ACCOUNT_FAILURES: Limit = { max: 10, windowSeconds: 15 * 60 };
const MAX_DELAY_MS = 8_000;

const pair = (email: string, client: string) => `signin-pair#${email.toLowerCase()}#${client}`;
const fromClient = (client: string) => `signin-client#${client}`;
const account = (email: string) => `signin-account#${email.toLowerCase()}`;

/** The delay before the next attempt on an account that has had `failures` failures in the window. */
export const progressiveDelayMs = (failures: number) =>
  failures < ACCOUNT_FAILURES.max ? 0 : Math.min(1000 * 2 ** (failures - ACCOUNT_FAILURES.max), MAX_DELAY_MS);

/** Refuses (429) or slows down an attempt before the password is even tried. */
export const beforeSignIn = async (email: string, client: string): Promise<void> => {
  if ((await windowCounter.used(pair(email, client), PAIR_FAILURES)) >= PAIR_FAILURES.max)
    throw new AppError('too_many_requests', accountMessages.tooManyAttempts);
  if (
    !clientExempt(client) &&
    (await windowCounter.used(fromClient(client), CLIENT_FAILURES)) >= CLIENT_FAILURES.max
  )
    throw new AppError('too_many_requests', accountMessages.tooManyRequests);
  const wait = progressiveDelayMs(await windowCounter.used(account(email), ACCOUNT_FAILURES));
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};

export const signInFailed = async (email: string, client: string): Promise<void> => {
  await Promise.all([
    windowCounter.count(pair(email, client), PAIR_FAILURES),
    windowCounter.count(fromClient(client), CLIENT_FAILURES),
    windowCounter.count(account(email), ACCOUNT_FAILURES),
  ]);
};

/** A success ends this client's strikes on this email (not other clients'). */
export const signInSucceeded = (email: string, client: string) =>
  windowCounter.clear(pair(email, client), PAIR_FAILURES);
