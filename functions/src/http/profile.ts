import { imageUploadRequest } from '@proofmark/shared/contract/profile';
import { profileRoutes } from '@proofmark/shared/contract/profile';
import { badRequest } from '@proofmark/shared/errors';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import {
  getPartners,
  getProfile,
  imageBytesOf,
  imageOf,
  updateProfile,
  uploadImage,
  type ImageSlot,
} from '../domain/settings/profile';
import { bodyTextOf, type HttpEvent } from './event';
import { httpGroup } from './route-group';

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
    let json: unknown;
    try {
      json = JSON.parse(bodyTextOf(event) || '{}');
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
    const parsed = imageUploadRequest.safeParse(json);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(details[0]?.message ?? 'Invalid request.', details);
    }
    return imageBytesOf(parsed.data.value);
  }
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
};

const upload =
  (slot: ImageSlot) =>
  async (_input: unknown, { caller, event }: { caller: { orgId: string }; event: HttpEvent }) => ({
    message: slot === 'logo' ? m.logoUploaded : m.signatureUploaded,
    data: await uploadImage(caller.orgId, slot, imageBody(event)),
  });

export const handler = httpGroup(profileRoutes, {
  'GET /api/profile': async (_input, { caller, user }) => ({ data: await getProfile(caller.orgId, user) }),
  'POST /api/profile': async ({ body }, { caller, user }) => ({
    message: m.saved,
    data: await updateProfile(caller.orgId, user, body),
  }),
  'GET /api/profile/partners': async (_input, { caller }) => ({ data: await getPartners(caller.orgId) }),
  'POST /api/profile/logo': upload('logo'),
  'GET /api/profile/logo': async (_input, { caller }) => ({ data: await imageOf(caller.orgId, 'logo') }),
  'POST /api/profile/signature': upload('signature'),
  'GET /api/profile/signature': async (_input, { caller }) => ({
    data: await imageOf(caller.orgId, 'signature'),
  }),
});
