import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { seal, unseal } from './envelope';

describe('envelope encryption with the local master key', () => {
  beforeAll(() => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-key-')), 'master.key');
    fs.writeFileSync(file, randomBytes(32).toString('base64'));
    process.env.LOCAL_MASTER_KEY_FILE = file;
    delete process.env.KMS_KEY_ID;
  });

  it('round-trips and never stores the plaintext', async () => {
    const sealed = await seal('smtp-password-123', 'org-1/smtp');
    expect(JSON.stringify(sealed)).not.toContain('smtp-password-123');
    expect(await unseal(sealed, 'org-1/smtp')).toBe('smtp-password-123');
  });

  it('refuses a ciphertext moved to another tenant or slot, or tampered with', async () => {
    const sealed = await seal('secret', 'org-1/smtp');
    await expect(unseal(sealed, 'org-2/smtp')).rejects.toThrow();
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    await expect(
      unseal({ ...sealed, ciphertext: flipped.toString('base64') }, 'org-1/smtp'),
    ).rejects.toThrow();
  });
});
