import { badRequest, conflict, notFound } from '@proofmark/shared/errors';
import { grants } from '../../store/grants';
import { organisations } from '../../store/organisations';
import { cancellationReasons, put, writeAll } from '../../store/transaction';
import { changeItems, ensureTrialEntry, getBalance } from './balance';

/**
 * The product team's grant (`npm run grant`): certificates given to an organisation, with why and
 * who gave them, idempotent on the key the caller names (a ticket or request id). The grant's record
 * (must not exist yet), the balance change and its `grant` ledger entry are one transaction: a grant
 * run twice, or twice at once, gives once; the same key for another count is refused.
 */
export interface GrantInput {
  key: string;
  count: number;
  reason: string;
  by: string;
}

export interface GrantOutcome {
  /** False: this key was granted before, nothing changed now. */
  granted: boolean;
  count: number;
  at: string;
  balance: number;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
const MAX_GRANT = 1_000_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const checked = (input: GrantInput): GrantInput => {
  if (!KEY.test(input.key)) throw badRequest('A grant key is 1 to 100 letters, digits, dots, colons, underscores or hyphens.');
  if (!Number.isInteger(input.count) || input.count === 0 || Math.abs(input.count) > MAX_GRANT)
    throw badRequest(`A grant is a whole number of certificates other than 0, at most ${MAX_GRANT} either way.`);
  const reason = input.reason.trim().slice(0, 300);
  if (!reason) throw badRequest('A grant needs a reason.');
  const by = input.by.trim().slice(0, 120);
  if (!by) throw badRequest('A grant needs the name of who gives it.');
  return { ...input, reason, by };
};

export const grantCertificates = async (orgId: string, input: GrantInput): Promise<GrantOutcome> => {
  const g = checked(input);
  const { data: org } = await organisations().get({ orgId }).go({ consistent: true });
  if (!org) throw notFound(`There is no organisation "${orgId}".`);
  await ensureTrialEntry(orgId);
  for (let attempt = 0; ; attempt++) {
    const at = new Date().toISOString();
    try {
      await writeAll([
        put(grants().create({ orgId, key: g.key, count: g.count, reason: g.reason, by: g.by, at }).params()),
        ...changeItems(orgId, g.count, 'grant', { note: g.reason, by: g.by, entryId: `grant#${g.key}`, at }),
      ]);
      return { granted: true, count: g.count, at, balance: await getBalance(orgId) };
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (!reasons) throw err;
      if (reasons[0] === 'ConditionalCheckFailed') {
        const { data: seen } = await grants().get({ orgId, key: g.key }).go({ consistent: true });
        if (seen && seen.count !== g.count)
          throw conflict(`The grant key "${g.key}" was used for ${seen.count} certificates on ${seen.at}.`);
        if (seen) return { granted: false, count: seen.count, at: seen.at, balance: await getBalance(orgId) };
      }
      // A concurrent write on the same items (the same grant twice at once): try again, then read.
      if (attempt >= 8) throw err;
      await pause(50 + Math.random() * 100 * (attempt + 1));
    }
  }
};
