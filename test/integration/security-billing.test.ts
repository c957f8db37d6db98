import { describe, expect, it } from 'vitest';
import { workspaceMessages as wm } from '@proofmark/shared/workspace/messages';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { api } from './helpers';
import { registeredAdmin } from './accounts';

const balance = async (token: string) =>
  (await api<{ balance: number }>('GET', '/api/balance', { token })).body.Data!.balance;

describe('POST /api/batches spends the balance like the workspace (finding 9, debit)', () => {
  it('refuses more credentials than the balance allows, and debits what it issues', async () => {
    const admin = await registeredAdmin();
    expect(
      (await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } })).status,
    ).toBe(201);
    expect(await balance(admin.token)).toBe(FREE_TRIAL_CERTIFICATES);
    const tooMany = await api('POST', '/api/batches', {
      token: admin.token,
      body: {
        certificate: { name: 'Degree' },
        recipients: Array.from({ length: FREE_TRIAL_CERTIFICATES + 1 }, (_, i) => ({ name: `R${i}` })),
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(wm.insufficientBalance);
    expect(await balance(admin.token)).toBe(FREE_TRIAL_CERTIFICATES);

    const three = await api('POST', '/api/batches', {
      token: admin.token,
      body: { certificate: { name: 'Degree' }, recipients: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] },
    });
    expect(three.status, JSON.stringify(three.body)).toBe(202);
    expect(await balance(admin.token)).toBe(FREE_TRIAL_CERTIFICATES - 3);
  });

  it('gives the debit back when the batch cannot be made', async () => {
    const admin = await registeredAdmin();
    // No key pair yet: refused, and nothing spent.
    const refused = await api('POST', '/api/batches', {
      token: admin.token,
      body: { certificate: { name: 'Degree' }, recipients: [{ name: 'A' }] },
    });
    expect(refused.status).toBe(400);
    expect(await balance(admin.token)).toBe(FREE_TRIAL_CERTIFICATES);
  });
});
