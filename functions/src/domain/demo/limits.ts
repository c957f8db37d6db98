import { AppError } from '@proofmark/shared/errors';
import { demoMessages as m } from '@proofmark/shared/demo/messages';
import { windowCounter, type Limit } from '../../store/limit-windows';
import { clientExempt } from '../client-limits';

/**
 * The demo's limits. Anyone may call its routes, and each step costs us something (a table row,
 * a mail, a chain transaction), so every client and every email address is counted, in the table
 * (the same on one machine and across Lambdas).
 */
export const demoLimits = {
  /** Demos started and demo requests sent from one network. */
  clientStart: { max: 10, windowSeconds: 60 * 60 },
  /** Every wizard call from one network (the wizard polls while the certificate is anchored). */
  clientCalls: { max: 600, windowSeconds: 60 * 60 },
  /** Mails to one address (introductions, certificates, request acknowledgements). */
  emailMails: { max: 6, windowSeconds: 60 * 60 },
  /** Spec: one demo certificate per email per (UTC) day. */
  emailCertificate: { max: 1, windowSeconds: 24 * 60 * 60 },
  /** All demo certificates together in one day: the demo issuer's chain fees stay bounded. */
  dailyCertificates: { max: 500, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, Limit>;

const tooMany = (message: string) => new AppError('too_many_requests', message);

export const limitDemoClient = async (kind: 'clientStart' | 'clientCalls', client: string) => {
  if (clientExempt(client)) return;
  if (!(await windowCounter.take(`demo#${kind}#${client}`, demoLimits[kind])))
    throw tooMany(m.tooManyFromNetwork);
};

export const limitDemoMail = async (email: string) => {
  if (!(await windowCounter.take(`demo#mail#${email}`, demoLimits.emailMails)))
    throw tooMany(m.tooManyForEmail);
};

/** Takes the email's one certificate of the day (and one of the demo's daily total), or refuses. */
export const takeDemoCertificate = async (email: string) => {
  if ((await windowCounter.used(`demo#certificate#${email}`, demoLimits.emailCertificate)) >= 1)
    throw tooMany(m.onePerDay);
  if (!(await windowCounter.take('demo#certificates', demoLimits.dailyCertificates)))
    throw tooMany(m.demoResting);
  if (!(await windowCounter.take(`demo#certificate#${email}`, demoLimits.emailCertificate)))
    throw tooMany(m.onePerDay);
};
