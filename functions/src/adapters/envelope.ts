import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { envNames } from '../environment-names';
import { functionConfig } from './function-config';

/**
 * Envelope encryption of secrets: each secret gets its own AES-256-GCM data key, and only the data
 * key is wrapped by the master key — KMS in AWS (KMS_KEY_ID), or on one machine a 32-byte key file
 * in .data/ (LOCAL_MASTER_KEY_FILE) that the local cloud creates at first start. The context (tenant
 * and secret name) is bound in as associated data, so a ciphertext copied to another slot fails.
 */
export interface Sealed {
  /** The wrapped data key. */
  wrappedKey: string;
  iv: string;
  tag: string;
  ciphertext: string;
  /** Which master key wrapped it: 'kms' or 'local'. */
  wrap: 'kms' | 'local';
}

const gcmEncrypt = (key: Buffer, plaintext: Buffer, aad: Buffer) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
};

const gcmDecrypt = (key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad: Buffer) => {
  const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
};

let kms: KMSClient | undefined;
let localMaster: Buffer | undefined;

const localMasterKey = () => {
  if (localMaster) return localMaster;
  const file = functionConfig().secrets.localMasterKeyFile;
  if (!file)
    throw new Error(
      `Neither ${envNames.kmsKeyId} nor LOCAL_MASTER_KEY_FILE is set: secrets cannot be encrypted`,
    );
  localMaster = Buffer.from(fs.readFileSync(path.resolve(file), 'utf8').trim(), 'base64');
  if (localMaster.length !== 32) throw new Error('The local master key must be 32 bytes (base64)');
  return localMaster;
};

const wrapKey = async (
  context: string,
): Promise<{ plain: Buffer; wrapped: string; wrap: Sealed['wrap'] }> => {
  const keyId = functionConfig().secrets.kmsKeyId;
  if (keyId) {
    kms ??= new KMSClient({ requestHandler: { requestTimeout: 10_000, throwOnRequestTimeout: true } });
    const out = await kms.send(
      new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { context } }),
    );
    return {
      plain: Buffer.from(out.Plaintext!),
      wrapped: Buffer.from(out.CiphertextBlob!).toString('base64'),
      wrap: 'kms',
    };
  }
  const plain = randomBytes(32);
  const w = gcmEncrypt(localMasterKey(), plain, Buffer.from(context));
  return { plain, wrapped: Buffer.concat([w.iv, w.tag, w.ciphertext]).toString('base64'), wrap: 'local' };
};

const unwrapKey = async (sealed: Sealed, context: string): Promise<Buffer> => {
  const raw = Buffer.from(sealed.wrappedKey, 'base64');
  if (sealed.wrap === 'kms') {
    kms ??= new KMSClient({ requestHandler: { requestTimeout: 10_000, throwOnRequestTimeout: true } });
    const out = await kms.send(new DecryptCommand({ CiphertextBlob: raw, EncryptionContext: { context } }));
    return Buffer.from(out.Plaintext!);
  }
  return gcmDecrypt(
    localMasterKey(),
    raw.subarray(0, 12),
    raw.subarray(12, 28),
    raw.subarray(28),
    Buffer.from(context),
  );
};

export const seal = async (plaintext: string, context: string): Promise<Sealed> => {
  const key = await wrapKey(context);
  const enc = gcmEncrypt(key.plain, Buffer.from(plaintext, 'utf8'), Buffer.from(context));
  key.plain.fill(0);
  return {
    wrappedKey: key.wrapped,
    wrap: key.wrap,
    iv: enc.iv.toString('base64'),
    tag: enc.tag.toString('base64'),
    ciphertext: enc.ciphertext.toString('base64'),
  };
};

export const unseal = async (sealed: Sealed, context: string): Promise<string> => {
  const key = await unwrapKey(sealed, context);
  try {
    return gcmDecrypt(
      key,
      Buffer.from(sealed.iv, 'base64'),
      Buffer.from(sealed.tag, 'base64'),
      Buffer.from(sealed.ciphertext, 'base64'),
      Buffer.from(context),
    ).toString('utf8');
  } finally {
    key.fill(0);
  }
};
