import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { emailCodes } from '../../store/email-codes';
import { windowCounter, type Limit } from '../../store/limit-windows';
import { isConditionFailure, written } from '../../store/table';
import { clientExempt } from '../client-limits';

export type CodePurpose = 'confirm' | 'reset';

const VALID_SECONDS = 30 * 60;
export const MAX_ATTEMPTS = 5;
/** Codes one email may be sent, and codes one client may ask for, per window. */
export const CODES_PER_EMAIL: Limit = { max: 3, windowSeconds: 15 * 60 };
export const CODES_PER_CLIENT: Limit = { max: 10, windowSeconds: 15 * 60 };

const hash = (code: string) => createHash('sha256').update(code).digest();

/**
 * A six-digit code sent by email. Only its hash is stored; it expires (DynamoDB TTL plus our own
 * check, since TTL deletion is lazy), allows five tries in all, and works once. A new code replaces
 * the old, but only three are issued per email (and ten per client) in 15 minutes, so re-asking
 * cannot reset the tries of a code being guessed. Answers undefined when no code was issued; callers
 * give the same neutral answer either way.
 */
export const issueCode = async (
  purpose: CodePurpose,
  email: string,
  client?: string,
): Promise<string | undefined> => {
  if (
    client &&
    !clientExempt(client) &&
    !(await windowCounter.take(`code-client#${client}`, CODES_PER_CLIENT))
  )
    return undefined;
  if (!(await windowCounter.take(`code-email#${purpose}#${email}`, CODES_PER_EMAIL))) return undefined;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await emailCodes()
    .put({
      purpose,
      email,
      codeHash: hash(code).toString('hex'),
      attempts: 0,
      expiresAt: Math.floor(Date.now() / 1000) + VALID_SECONDS,
    })
    .go();
  return code;
};

const burn = (purpose: CodePurpose, email: string) => emailCodes().delete({ purpose, email }).go();

/**
 * One attempt = one atomic conditional update that counts it, before any comparison: of any number
 * of concurrent guesses at most five are compared; the attempt past the limit (or past expiry)
 * burns the code.
 */
export const redeemCode = async (purpose: CodePurpose, email: string, code: string): Promise<boolean> => {
  let codeHash: string;
  try {
    const out = await emailCodes()
      .patch({ purpose, email })
      .add({ attempts: 1 })
      .where(
        ({ codeHash, attempts, expiresAt }, { exists, lt, gt }) =>
          `${exists(codeHash)} AND ${lt(attempts, MAX_ATTEMPTS)} AND ${gt(expiresAt, Math.floor(Date.now() / 1000))}`,
      )
      .go({ response: 'all_new' });
    codeHash = out.data.codeHash;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    await burn(purpose, email);
    return false;
  }
  const matches = timingSafeEqual(Buffer.from(codeHash, 'hex'), hash(code));
  if (!matches) return false;
  // Single use: of two concurrent redemptions only the one that deletes it wins.
  return written(
    emailCodes()
      .delete({ purpose, email })
      .where((attr, { eq }) => eq(attr.codeHash, codeHash))
      .go(),
  );
};
