import { profileRoutes } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import {
  getPartners,
  getProfile,
  imageOf,
  updateProfile,
  uploadImage,
  type ImageSlot,
} from '../domain/settings/profile';
import type { HttpEvent } from './event';
import { imageBody } from './image-body';
import { httpGroup } from './route-group';

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
