import {
  imageUploadRequest,
  testMailRequest,
  testStorageRequest,
  updateProfileRequest,
} from '@proofmark/shared/api/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { fetchOffice365Token, testMail, testStorage } from '../domain/connection-tests';
import {
  getPartners,
  getProfile,
  imageBytesOf,
  imageOf,
  updateProfile,
  uploadImage,
  type ImageSlot,
} from '../domain/profile';
import { httpGroup, parseBody, type HttpEvent } from './kit';

/**
 * An uploaded image: JSON `{ value }` (base64 or a data: URL, spec §7 uploadlogoimage) or the raw
 * bytes as the body (any non-JSON content type; the gateway hands them over base64-encoded).
 */
const imageBody = (event: HttpEvent): Buffer => {
  const type = event.headers?.['content-type'] ?? '';
  if (
    /^application\/json/i.test(type) ||
    (!event.isBase64Encoded && (event.body ?? '').trimStart().startsWith('{'))
  ) {
    return imageBytesOf(parseBody(event, imageUploadRequest).value);
  }
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
};

const upload =
  (slot: ImageSlot) =>
  async (event: HttpEvent, { caller }: { caller: { orgId: string } }) => ({
    message: slot === 'logo' ? m.logoUploaded : m.signatureUploaded,
    data: await uploadImage(caller.orgId, slot, imageBody(event)),
  });

export const handler = httpGroup({
  'GET /api/profile': async (_event, { caller, user }) => ({ data: await getProfile(caller.orgId, user) }),
  'POST /api/profile': async (event, { caller, user }) => ({
    message: m.saved,
    data: await updateProfile(caller.orgId, user, parseBody(event, updateProfileRequest)),
  }),
  'GET /api/profile/partners': async (_event, { caller }) => ({ data: await getPartners(caller.orgId) }),
  'POST /api/profile/logo': upload('logo'),
  'GET /api/profile/logo': async (_event, { caller }) => ({ data: await imageOf(caller.orgId, 'logo') }),
  'POST /api/profile/signature': upload('signature'),
  'GET /api/profile/signature': async (_event, { caller }) => ({
    data: await imageOf(caller.orgId, 'signature'),
  }),
  'POST /api/profile/test-storage': async (event, { caller }) => {
    const req = parseBody(event, testStorageRequest);
    await testStorage(caller.orgId, req.key === 'saved' ? undefined : req);
    return { message: m.storageTestPassed };
  },
  'POST /api/profile/test-mail': async (event, { caller, user }) => ({
    message: m.testMailSent(await testMail(caller.orgId, user, parseBody(event, testMailRequest))),
  }),
  'POST /api/profile/office365-token': async (_event, { caller }) => ({
    message: m.office365TokenFetched,
    data: await fetchOffice365Token(caller.orgId),
  }),
});
