import { AppError } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { functionConfig } from '../adapters/function-config';
import { windowCounter, type Limit } from '../store/limit-windows';

/**
 * Addresses exempt from per-client limits. Only the test harness sets it (to its own 127.0.0.1,
 * which every test shares); the stack never does, so in AWS every client is limited.
 */
export const clientExempt = (client: string) =>
  functionConfig().oneMachine.clientLimitExempt.includes(client);

/**
 * Per-client limits on the public routes that cost us something (mail, chain fees, table writes).
 * API Gateway's route throttles cap the rate for everyone together; these cap one client.
 */
export const clientLimits = {
  register: { max: 10, windowSeconds: 60 * 60 },
  forgot: { max: 10, windowSeconds: 15 * 60 },
  resendCode: { max: 10, windowSeconds: 15 * 60 },
  /** Guessing a 256-bit token is hopeless; this only keeps a client from hammering the route. */
  setPassword: { max: 10, windowSeconds: 15 * 60 },
  /** The verifier page makes a few lookups per certificate it checks. */
  chainRelay: { max: 120, windowSeconds: 60 },
  verification: { max: 60, windowSeconds: 60 },
  walletIntroduction: { max: 20, windowSeconds: 15 * 60 },
  /** Paid verification requests: each request makes a PaymentIntent on the organisation's account. */
  verificationOffer: { max: 60, windowSeconds: 60 },
  verificationRequest: { max: 10, windowSeconds: 15 * 60 },
  verificationConfirm: { max: 30, windowSeconds: 15 * 60 },
  /** A mail's pixel and links: a person opens a few mails a minute; a scanner is cut off. */
  mailTracking: { max: 120, windowSeconds: 60 },
} satisfies Record<string, Limit>;

export type LimitedAction = keyof typeof clientLimits;

/** Counts this call for the client; a 429 once the client's window is full. */
export const limitClient = async (action: LimitedAction, client: string): Promise<void> => {
  if (clientExempt(client)) return;
  if (!(await windowCounter.take(`client#${action}#${client}`, clientLimits[action])))
    throw new AppError('too_many_requests', accountMessages.tooManyRequests);
};
