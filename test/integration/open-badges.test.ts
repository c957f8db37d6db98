// Open Badges 3.0 as badge earners' wallets and third-party verifiers check them: the DCC's
// verifier-core (what VerifierPlus and the Learner Credential Wallet run, with its own document
// loading), Digital Bazaar's vc library (eddsa-rdfc-2022, the issuer must control the key), 1EdTech's
// AchievementCredential JSON Schema, the W3C Bitstring Status List library, the official Blockcerts
// verifier and ours — all offline against the local cloud. Also: revoking or holding one credential never changes
// another's status (badges and certificates share one index counter).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import securityContext from '@digitalbazaar/security-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import didContext from 'did-context';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { RunView } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import {
  BUNDLED_CONTEXTS,
  CONTEXT,
  chainResolver,
  createEddsaRdfc2022Proof,
  createEvmRpcLookup,
  decodeBitstring,
  ed25519DidKeyVerificationMethod,
  ed25519PublicKeyMultibase,
  unbakePng,
  unbakeSvg,
  verifyCredential,
} from '@proofmark/shared/blockcerts/index';
import { api, clients, cloud, eventually } from './helpers';
import { registeredAdmin } from './accounts';
import { addStudents, toPkReceived } from './workspace-fixtures';
import { verifyWithBlockcerts } from '../support/official-verifier';
import { dccSteps, verifyWithDcc } from '../support/dcc-verifier';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
type Json = Record<string, unknown>;
interface Badge extends Json {
  id: string;
  issuer: { id: string; name: string; url?: string; image?: { id: string } };
  credentialStatus: { statusListIndex: string; statusListCredential: string; statusPurpose: string };
  credentialSubject: {
    achievement: {
      name: string;
      description: string;
      criteria: { narrative: string };
      image?: { id: string };
    };
  };
  proof: { cryptosuite: string; verificationMethod: string }[];
}

// ——— the offline document loader a wallet or verifier would use ———

const MULTIKEY_V1 = 'https://w3id.org/security/multikey/v1';
const obContext = new Map([[CONTEXT.openBadgesV3, BUNDLED_CONTEXTS.get(CONTEXT.openBadgesV3)]]);
/** The standard contexts any verifier bundles: ours, security v1/v2, Multikey v1, DID v1. */
const contexts = new Map<string, unknown>([
  ...BUNDLED_CONTEXTS,
  ...securityContext.contexts,
  ...multikeyContext.contexts,
  ...didContext.contexts,
]);
/** did:key for Ed25519, resolved from the key itself (what did:key resolvers do). */
const didKeyDocument = (url: string) => {
  const [did, fragment] = url.split('#');
  const mb = did!.slice('did:key:'.length);
  const method = {
    '@context': MULTIKEY_V1,
    id: `${did}#${mb}`,
    type: 'Multikey',
    controller: did,
    publicKeyMultibase: mb,
  };
  if (fragment) return method;
  return {
    '@context': [didContext.CONTEXT_URL, MULTIKEY_V1],
    id: did,
    verificationMethod: [method],
    assertionMethod: [method.id],
  };
};
/** Contexts from the bundle, documents from the local cloud (127.0.0.1 only), did:key computed; nothing else. */
const documentLoader = async (url: string) => {
  const bundled = contexts.get(url);
  if (bundled) return { contextUrl: null, documentUrl: url, document: structuredClone(bundled) };
  if (url.startsWith('did:key:'))
    return { contextUrl: null, documentUrl: url, document: didKeyDocument(url) };
  const parsed = new URL(url);
  if (parsed.hostname !== '127.0.0.1') throw new Error(`offline: ${url}`);
  const res = await fetch(url.split('#')[0]!);
  if (!res.ok) throw new Error(`${res.status} for ${url}`);
  const document = (await res.json()) as Json;
  if (!parsed.hash) return { contextUrl: null, documentUrl: url, document };
  // A fragment names a verification method inside the (controller) document.
  const method = (document.verificationMethod as Json[] | undefined)?.find((vm) => vm.id === url);
  if (!method) throw new Error(`no verification method ${url}`);
  return { contextUrl: null, documentUrl: url, document: method };
};
const schemaJson = readFileSync(
  new URL('../fixtures/ob-v3p0-schema/achievementcredential.json', import.meta.url),
  'utf8',
);
/**
 * What the DCC verifier would fetch from elsewhere on the internet: the standard contexts and
 * 1EdTech's AchievementCredential schema (which its schema check names by this URL).
 */
const dccDocuments = new Map<string, unknown>([
  ...contexts,
  [
    'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json',
    JSON.parse(schemaJson),
  ],
]);
const dcc = async (credential: object) => dccSteps(await verifyWithDcc(credential, dccDocuments));
/**
 * Signature and status pass in verifier-core. Its signature step includes the issuer binding (the
 * vc library's issuance purpose: the key's controller must list it and be the issuer), which is
 * what fails a stranger's did:key below.
 */
const expectDccVerified = async (credential: object, label: string) => {
  const { steps, errors } = await dcc(credential);
  expect(errors, `${label}: ${JSON.stringify(errors)}`).toEqual([]);
  expect(steps.valid_signature?.valid, label).toBe(true);
  expect(steps.revocation_status?.valid, `${label}: ${JSON.stringify(steps.revocation_status)}`).toBe(true);
  return steps;
};
const suite = () => new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
const statusOf = (credential: object) =>
  checkStatus({ credential, documentLoader, suite: suite(), verifyBitstringStatusListCredential: true });
const dbVerify = (credential: object) =>
  vc.verifyCredential({
    credential,
    suite: suite(),
    documentLoader,
    checkStatus: ({ credential: c }: { credential: object }) => statusOf(c),
  });

const schema = JSON.parse(schemaJson) as object;
const ajv = new Ajv2019({ strict: false, allErrors: true });
addFormats.default(ajv);
const validateSchema = ajv.compile(schema);

// ——— the workspace, used as a user would ———

const table = () => cloud().resources.tableName;
const rpc = async (method: string, params: unknown[]) =>
  fetch(cloud().endpoints.chain, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
const ours = async (credential: unknown) => {
  await rpc('evm_mine', []);
  return verifyCredential(credential, {
    fetch: (url) => fetch(url),
    chains: chainResolver({
      'eth:sepolia': createEvmRpcLookup({ rpcUrl: cloud().endpoints.chain, fetch: (u, i) => fetch(u, i) }),
    }),
  });
};
const official = async (credential: object) => {
  await rpc('evm_mine', []);
  // The OB 3.0 context is public but not bundled by the verifier: served from our verbatim copy.
  return verifyWithBlockcerts(credential, { rpcUrl: cloud().endpoints.chain, contexts: obContext });
};

const finishedRun = (admin: Admin, id: string, timeoutMs = 240_000) =>
  eventually(async () => {
    const run = (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token })).body.Data;
    if (run?.state === 'failed') throw new Error(`run failed: ${JSON.stringify(run)}`);
    return run?.state === 'done' ? run : undefined;
  }, timeoutMs);
const waitBatch = (admin: Admin, batchId: string) =>
  eventually(async () => {
    const b = (await api<{ state: string }>('GET', `/api/batches/${batchId}`, { token: admin.token })).body
      .Data;
    return b?.state === 'published' ? b : undefined;
  }, 120_000);
const post = <T = { updated: number; batchId: string }>(admin: Admin, action: string, body: Json) =>
  api<T>('POST', `/api/workspace/${action}`, { token: admin.token, body });

const rowsOf = async (admin: Admin, cohort: string, certtype: string) =>
  (
    await clients().dynamo.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}#COH#${cohort}`, ':sk': `CT#${certtype}#R#` },
        ConsistentRead: true,
      }),
    )
  ).Items as (Json & { studentid?: string; sk: string; status: string; certUuid: string })[];
const studentOf = (r: { sk: string }) => r.sk.split('#R#')[1]!;

const publicDoc = async <T = Json>(url: string) => (await (await fetch(url)).json()) as T;

describe('Open Badges 3.0 and certificates of one organisation', () => {
  let admin: Admin;
  let slug: string;
  let profileUrl: string;
  /** Where badge key n is published: its own document, no fragment. */
  const keyUrl = (n: number) =>
    `${cloud().functionEnv.PUBLIC_BASE_URL}/issuers/${slug}/keys/badge-key-${n}.json`;
  const certs = ['C1', 'C2', 'C3'];
  const badgeIds = ['B1', 'B2', 'B3', 'B4'];
  const docs: Record<string, Json> = {};
  const credentialUrl = (uuid: string, ext = 'json') =>
    `${cloud().functionEnv.PUBLIC_BASE_URL}/credentials/${slug}/${uuid}.${ext}`;

  beforeAll(async () => {
    admin = await registeredAdmin();
    expect(
      (await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } })).status,
    ).toBe(201);
    const me = await api<{ organization_verify_uri: string }>('GET', '/api/auth/me', { token: admin.token });
    slug = me.body.Data!.organization_verify_uri.split('/').pop()!;
    profileUrl = `${cloud().functionEnv.PUBLIC_BASE_URL}/issuers/${slug}/profile.json`;

    await addStudents(
      admin,
      'OBC',
      certs.map((id) => ({ id })),
    );
    await toPkReceived(admin, ['OBC=']);
    const gen = await post<RunView>(admin, 'generate', { certtype: 'degree', selectedItems: ['OBC='] });
    expect(gen.status, JSON.stringify(gen.body)).toBe(202);
    await finishedRun(admin, gen.body.Data!.id);
    const issueId = randomUUID();
    const issued = await post(admin, 'issue', {
      email: admin.email,
      password: admin.password,
      certtype: 'degree',
      selectedItems: ['OBC='],
      requestId: issueId,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(202);

    await addStudents(
      admin,
      'OBB',
      badgeIds.map((id) => ({ id })),
      cloud(),
      'openbadges',
    );
    const bakeId = randomUUID();
    const baked = await post(admin, 'bake', {
      certtype: 'openbadges',
      selectedItems: ['OBB='],
      requestId: bakeId,
    });
    expect(baked.status, JSON.stringify(baked.body)).toBe(202);
    await finishedRun(admin, issueId);
    await finishedRun(admin, bakeId);

    for (const r of await rowsOf(admin, 'OBC', 'degree'))
      docs[studentOf(r)] = await publicDoc(credentialUrl(r.certUuid));
    for (const r of await rowsOf(admin, 'OBB', 'openbadges'))
      docs[studentOf(r)] = await publicDoc(credentialUrl(r.certUuid));
    expect(Object.keys(docs).sort()).toEqual([...badgeIds, ...certs].sort());
  }, 600_000);

  const badge = (id: string) => docs[id] as Badge;

  it('gives every credential its own status index; badges carry one W3C revocation entry', async () => {
    const recorded = (
      await clients().dynamo.send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
          ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':sk': 'CRED#' },
          ConsistentRead: true,
        }),
      )
    ).Items!;
    const indices = recorded.map((c) => Number(c.statusIndex));
    expect(indices).toHaveLength(7);
    expect(new Set(indices).size).toBe(7);
    for (const id of badgeIds) {
      const b = badge(id);
      expect(b.credentialStatus).toMatchObject({
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListCredential: `${cloud().functionEnv.PUBLIC_BASE_URL}/issuers/${slug}/status/w3c-revocation.json`,
      });
      const rec = recorded.find((c) => c.credentialId === b.id)!;
      expect(b.credentialStatus.statusListIndex).toBe(String(rec.statusIndex));
    }
  });

  it(
    'badges verify in the DCC verifier and Digital Bazaar vc (the issuer controls the key), the OB 3.0 schema, and carry what wallets show',
    { timeout: 180_000 },
    async () => {
      const profile = await publicDoc<Json & { verificationMethod: Json[]; assertionMethod: string[] }>(
        profileUrl,
      );
      for (const id of badgeIds) {
        const b = badge(id);
        const steps = await expectDccVerified(b, id);
        expect(steps.expiration?.valid, id).toBe(true);
        const result = await dbVerify(b);
        expect(result.verified, JSON.stringify(result.error ?? result, null, 1)).toBe(true);
        const ed = b.proof.find((p) => p.cryptosuite === 'eddsa-rdfc-2022')!;
        expect(ed.verificationMethod).toBe(keyUrl(1));
        // The controller lists the key by the same id: found from either end.
        expect(profile.assertionMethod).toContain(ed.verificationMethod);
        expect(profile.verificationMethod.find((vm) => vm.id === ed.verificationMethod)).toMatchObject({
          type: 'Multikey',
          controller: profileUrl,
        });
        expect(validateSchema(b), JSON.stringify(validateSchema.errors)).toBe(true);
        expect(b.name).toBeTruthy();
        expect(b.description).toContain(b.credentialSubject.achievement.name);
        expect(b.issuer).toMatchObject({ id: profileUrl, name: expect.any(String) });
        expect(b.credentialSubject.achievement.criteria.narrative).toBeTruthy();
        const image = b.credentialSubject.achievement.image!.id;
        expect((await fetch(image)).headers.get('content-type')).toBe('image/png');
        // The baked images carry the very same credential.
        const r = (await rowsOf(admin, 'OBB', 'openbadges')).find((x) => studentOf(x) === id)!;
        const png = new Uint8Array(await (await fetch(credentialUrl(r.certUuid, 'png'))).arrayBuffer());
        expect(JSON.parse(unbakePng(png, 'ob3')!)).toEqual(b);
        expect(
          JSON.parse(unbakeSvg(await (await fetch(credentialUrl(r.certUuid, 'svg'))).text(), 'ob3')!),
        ).toEqual(b);
      }
      // The key is a document of its own, a JSON-LD document as the public bucket serves it, and
      // the very key the profile lists under the same id.
      const keyResponse = await fetch(keyUrl(1));
      expect(keyResponse.headers.get('content-type')).toBe('application/ld+json');
      expect(await keyResponse.json()).toEqual({
        '@context': MULTIKEY_V1,
        id: keyUrl(1),
        type: 'Multikey',
        controller: profileUrl,
        publicKeyMultibase: profile.verificationMethod.find((vm) => vm.id === keyUrl(1))!.publicKeyMultibase,
      });
      // A changed field fails.
      const tampered = { ...badge('B1'), name: 'Something else' };
      expect((await dbVerify(tampered)).verified).toBe(false);
      expect((await dcc(tampered)).errors.map((e) => e.name)).toEqual(['invalid_signature']);
    },
  );

  it("refuses a badge signed by a stranger's did:key that names our issuer", async () => {
    const secretKey = ed25519.utils.randomSecretKey();
    const { proof: _proof, ...unsigned } = badge('B2');
    const forged = {
      ...unsigned,
      proof: [
        await createEddsaRdfc2022Proof(unsigned, {
          secretKey,
          verificationMethod: ed25519DidKeyVerificationMethod(ed25519.getPublicKey(secretKey)),
        }),
      ],
    };
    const result = await dbVerify(forged);
    expect(result.verified).toBe(false);
    expect(
      JSON.stringify(result.error?.errors?.map((e: Error) => e.message) ?? result.error?.message),
    ).toMatch(/issuer must match the verification method controller/);
    expect((await dcc(forged)).errors.map((e) => e.name)).toEqual(['invalid_signature']);
    // Nor can a stranger pass a key of his own off as ours, in either form of its id.
    for (const verificationMethod of [keyUrl(1), `${profileUrl}#badge-key-1`]) {
      const impostor = {
        ...unsigned,
        proof: [await createEddsaRdfc2022Proof(unsigned, { secretKey, verificationMethod })],
      };
      expect((await dbVerify(impostor)).verified, verificationMethod).toBe(false);
      expect(
        (await dcc(impostor)).errors.map((e) => e.name),
        verificationMethod,
      ).toEqual(['invalid_signature']);
    }
    expect(ed25519PublicKeyMultibase(ed25519.getPublicKey(secretKey))).toMatch(/^z6Mk/);
  });

  it('a badge that names its key the old way (<profile>#badge-key-1) verifies where it did before', async () => {
    // Signed as badges were before keys had their own URL, with the organisation's own key.
    Object.assign(process.env, cloud().functionEnv);
    const { badgeSigningKey } = await import('../../functions/src/domain/keys/badge-keys');
    const { secretKey } = await badgeSigningKey(admin.orgId);
    const { proof: _proof, ...unsigned } = badge('B4');
    const legacy = {
      ...unsigned,
      proof: [
        await createEddsaRdfc2022Proof(unsigned, {
          secretKey,
          verificationMethod: `${profileUrl}#badge-key-1`,
        }),
      ],
    };
    // A loader that looks the fragment up in the profile (ours above, as Digital Bazaar's vc is used).
    const result = await dbVerify(legacy);
    expect(result.verified, JSON.stringify(result.error)).toBe(true);
    // The DCC verifier fetches `<profile>` without the fragment and gets the profile, not a key: it
    // never accepted this form (the README says so); the same badge naming the key's URL passes.
    expect((await dcc(legacy)).errors.map((e) => e.name)).toEqual(['invalid_signature']);
    const current = {
      ...unsigned,
      proof: [await createEddsaRdfc2022Proof(unsigned, { secretKey, verificationMethod: keyUrl(1) })],
    };
    await expectDccVerified(current, 'the same badge naming the key URL');
  });

  it(
    'the official Blockcerts verifier passes every certificate and the Merkle proof of every badge',
    { timeout: 180_000 },
    async () => {
      for (const id of certs) expect((await official(docs[id]!)).status, id).toBe('verified');
      for (const id of badgeIds) {
        const result = await official(badge(id));
        const passed = result.steps.filter((s) => s.status === 'success').map((s) => s.code);
        expect(passed, JSON.stringify(result.steps)).toEqual(
          expect.arrayContaining(['compareHashes', 'checkMerkleRoot', 'checkReceipt']),
        );
      }
    },
  );

  it(
    'revokes, holds and unholds some of each: only those change, in every verifier and list',
    { timeout: 600_000 },
    async () => {
      const creds = { email: admin.email, password: admin.password };
      // Badges name no suspension list: holding one is refused, naming why, and changes nothing.
      const holdBadge = await post(admin, 'hold', { certtype: 'openbadges', selectedItems: ['OBB=B2'] });
      expect(holdBadge.status).toBe(400);
      expect(holdBadge.body.message).toMatch(/carries no suspension status entry, so it cannot be held/);
      expect((await rowsOf(admin, 'OBB', 'openbadges')).every((r) => r.status === 'Certificate issued')).toBe(
        true,
      );

      const revokedAt = Date.now();
      const revokeBadge = await post(admin, 'revoke', {
        ...creds,
        certtype: 'openbadges',
        selectedItems: ['OBB=B1'],
        revokereason: 'Awarded in error',
      });
      expect(revokeBadge.body).toMatchObject({ message: m.revoked, Data: { updated: 1 } });
      // The published W3C list says so within a minute.
      const b1 = badge('B1').credentialStatus;
      await eventually(async () => {
        // The local public store can serve a document while it is being rewritten: read again then.
        const list = await publicDoc<{ credentialSubject: { encodedList: string } }>(
          b1.statusListCredential,
        ).catch(() => undefined);
        if (!list) return undefined;
        const bits = await decodeBitstring(list.credentialSubject.encodedList);
        return bits.get(Number(b1.statusListIndex)) || undefined;
      }, 60_000);
      expect(Date.now() - revokedAt).toBeLessThan(60_000);
      await waitBatch(admin, revokeBadge.body.Data!.batchId);
      const hold = await post(admin, 'hold', { certtype: 'degree', selectedItems: ['OBC=C1'] });
      expect(hold.status, JSON.stringify(hold.body)).toBe(200);
      await waitBatch(admin, hold.body.Data!.batchId);
      expect((await ours(docs.C1)).status).toBe('suspended');
      const unhold = await post(admin, 'unhold', { certtype: 'degree', selectedItems: ['OBC=C1'] });
      await waitBatch(admin, unhold.body.Data!.batchId);
      const hold3 = await post(admin, 'hold', { certtype: 'degree', selectedItems: ['OBC=C3'] });
      await waitBatch(admin, hold3.body.Data!.batchId);
      const revokeCert = await post(admin, 'revoke', {
        ...creds,
        certtype: 'degree',
        selectedItems: ['OBC=C2'],
        revokereason: 'Wrong grade',
      });
      expect(revokeCert.body).toMatchObject({ message: m.revoked, Data: { updated: 1 } });
      await waitBatch(admin, revokeCert.body.Data!.batchId);

      // Our verifier (the verifier page's logic).
      const expected: Record<string, string> = {
        B1: 'revoked',
        B2: 'verified',
        B3: 'verified',
        B4: 'verified',
        C1: 'verified',
        C2: 'revoked',
        C3: 'suspended',
      };
      for (const [id, status] of Object.entries(expected))
        expect((await ours(docs[id])).status, id).toBe(status);
      // The official Blockcerts verifier: the certificates nobody touched still pass, the others fail as they should.
      expect((await official(docs.C1!)).status).toBe('verified');
      const c2 = await official(docs.C2!);
      expect(c2.failedStep).toBe('checkRevokedStatus');
      expect(c2.message).toMatch(/revoked/i);
      expect((await official(docs.C3!)).failedStep).toBe('checkRevokedStatus');
      // The W3C status list library on every badge.
      for (const id of badgeIds) {
        const s = await statusOf(badge(id));
        expect(s.verified, JSON.stringify(s.error?.message)).toBe(true);
        expect(s.results[0]!.status, id).toBe(id === 'B1');
      }
      // The DCC verifier reads the same published list (checking its signature and its issuer):
      // B1 is revoked there, its signature still good; the others pass every step.
      const revoked = await dcc(badge('B1'));
      expect(revoked.errors).toEqual([]);
      expect(revoked.steps.valid_signature?.valid).toBe(true);
      expect(revoked.steps.revocation_status, JSON.stringify(revoked.steps)).toMatchObject({ valid: false });
      for (const id of badgeIds.filter((b) => b !== 'B1')) await expectDccVerified(badge(id), id);
      expect((await dbVerify(badge('B3'))).verified).toBe(true);

      // The lists themselves: exactly the bits of what was revoked or is held.
      const indexOf = async (id: string) => {
        const uuid = String(docs[id]!.id).replace('urn:uuid:', '');
        const item = (
          await clients().dynamo.send(
            new QueryCommand({
              TableName: table(),
              KeyConditionExpression: 'pk = :pk AND sk = :sk',
              ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':sk': `CRED#urn:uuid:${uuid}` },
            }),
          )
        ).Items![0]!;
        return Number(item.statusIndex);
      };
      const setBits = async (file: string) => {
        const list = await publicDoc<{ credentialSubject: { encodedList: string } }>(
          `${cloud().functionEnv.PUBLIC_BASE_URL}/issuers/${slug}/status/${file}`,
        );
        const bits = await decodeBitstring(list.credentialSubject.encodedList);
        const all = await Promise.all(
          [...certs, ...badgeIds].map(async (id) => [id, await indexOf(id)] as const),
        );
        return all
          .filter(([, i]) => bits.get(i))
          .map(([id]) => id)
          .sort();
      };
      // Each form is re-anchored when a credential naming it changes: the W3C list last changed with B1.
      expect(await setBits('w3c-revocation.json')).toEqual(['B1']);
      expect(await setBits('revocation.json')).toEqual(['B1', 'C2']);
      expect(await setBits('suspension.json')).toEqual(['C3']);
    },
  );
  it(
    'rotates the badge key: the retired key stays published, old badges verify, new ones use the new key',
    { timeout: 300_000 },
    async () => {
      const rotated = await api<{ fragment: string }>('POST', '/api/keys/badge/rotate', {
        token: admin.token,
      });
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      expect(rotated.body.Data!.fragment).toBe('badge-key-2');
      const profile = await publicDoc<{ verificationMethod: Json[]; assertionMethod: string[] }>(profileUrl);
      const old = profile.verificationMethod.find((vm) => vm.id === keyUrl(1))!;
      expect(Date.parse(String(old.revoked))).toBeLessThanOrEqual(Date.now());
      expect(profile.assertionMethod).toEqual(
        expect.arrayContaining([
          keyUrl(1),
          keyUrl(2),
          `${profileUrl}#badge-key-1`,
          `${profileUrl}#badge-key-2`,
        ]),
      );
      // The retired key's own document says since when; the new one is published too.
      const oldDoc = await publicDoc(keyUrl(1));
      expect(oldDoc).toMatchObject({ id: keyUrl(1), controller: profileUrl, revoked: old.revoked });
      expect(await publicDoc(keyUrl(2))).toMatchObject({ id: keyUrl(2), controller: profileUrl });
      expect(await publicDoc(keyUrl(2))).not.toHaveProperty('revoked');
      // The retired key's private half is gone: nothing can be signed with it any more.
      const secrets = (
        await clients().dynamo.send(
          new QueryCommand({
            TableName: table(),
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
            ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':sk': 'SECRET#badge-key/' },
            ConsistentRead: true,
          }),
        )
      ).Items!;
      expect(secrets).toHaveLength(1);
      expect((await dbVerify(badge('B3'))).verified).toBe(true);
      await expectDccVerified(badge('B3'), 'B3 signed by the retired key');

      await addStudents(admin, 'OBR', [{ id: 'R1' }], cloud(), 'openbadges');
      const bakeId = randomUUID();
      const baked = await post(admin, 'bake', {
        certtype: 'openbadges',
        selectedItems: ['OBR='],
        requestId: bakeId,
      });
      expect(baked.status, JSON.stringify(baked.body)).toBe(202);
      await finishedRun(admin, bakeId);
      const [row] = await rowsOf(admin, 'OBR', 'openbadges');
      const fresh = await publicDoc<Badge>(credentialUrl(row!.certUuid));
      expect(fresh.proof.find((p) => p.cryptosuite === 'eddsa-rdfc-2022')!.verificationMethod).toBe(
        keyUrl(2),
      );
      const result = await dbVerify(fresh);
      expect(result.verified, JSON.stringify(result.error)).toBe(true);
      await expectDccVerified(fresh, 'a badge signed by the new key');
      // Its status index is its own too.
      expect(
        [...badgeIds.map((id) => badge(id).credentialStatus.statusListIndex)].includes(
          fresh.credentialStatus.statusListIndex,
        ),
      ).toBe(false);
    },
  );
});
