import { seal, unseal, type Sealed } from '../../adapters/envelope';
import { secrets } from '../../store/secrets';
import { rowsWrittenBeforeEntities as earlierRows } from '../../store/table';

/**
 * Write-only secrets of an organisation (SMTP passwords, storage keys, payment keys, issuing keys).
 * Only ciphertext is stored; the API may say a secret is configured and show its last 4 characters
 * (`hint`), never more. Issuing private keys get no hint at all.
 */
const context = (orgId: string, name: string) => `${orgId}/${name}`;

export interface SecretStatus {
  configured: boolean;
  hint?: string;
}

export const putSecret = async (
  orgId: string,
  name: string,
  value: string,
  opts: { hint?: boolean } = { hint: true },
) => {
  const sealed = await seal(value, context(orgId, name));
  await secrets()
    .put({
      orgId,
      name,
      sealed,
      hint: opts.hint && value.length > 8 ? value.slice(-4) : undefined,
      updatedAt: new Date().toISOString(),
    })
    .go();
};

export const readSecret = async (orgId: string, name: string): Promise<string | undefined> => {
  const out = await secrets().get({ orgId, name }).go(earlierRows);
  return out.data ? unseal(out.data.sealed as Sealed, context(orgId, name)) : undefined;
};

const statusOf = (item: { hint?: string } | null): SecretStatus =>
  item ? { configured: true, ...(item.hint ? { hint: item.hint } : {}) } : { configured: false };

export const secretStatus = async (orgId: string, name: string): Promise<SecretStatus> =>
  statusOf(
    (
      await secrets()
        .get({ orgId, name })
        .go({ attributes: ['hint'], ...earlierRows })
    ).data,
  );

export const deleteSecret = async (orgId: string, name: string) => {
  await secrets().delete({ orgId, name }).go();
};

/** The status of every secret whose name starts with `prefix`, in one query (hints only, no ciphertext). */
export const secretStatuses = async (orgId: string, prefix: string): Promise<Map<string, SecretStatus>> => {
  const out = await secrets()
    .query.byName({ orgId })
    .begins({ name: prefix })
    .go({ pages: 'all', consistent: true, attributes: ['name', 'hint'], ...earlierRows });
  return new Map(out.data.map((item) => [item.name, statusOf(item)]));
};
