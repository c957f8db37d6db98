import * as z from 'zod';
import {
  imageData,
  imageUploadRequest,
  office365TokenData,
  partnersData,
  profileData,
  testMailRequest,
  testStorageRequest,
  updateProfileRequest,
} from '../api/profile';
import { anyMember, defineRoutes, mainAdmin, writer } from './define';

/**
 * /api/profile: the settings screen. Reading is open to every user of the organisation (secrets
 * never come back). Saving needs the "change profile" (changelogo) flag; the blocks that hold mail,
 * storage or payment credentials or send the organisation's files elsewhere are
 * main-administrator-only, checked per key by the server (shared/src/settings/rules.ts
 * mainAdminOnlyKeys) because updating the profile is one call. Test connection, test email and the
 * Office 365 token use those credentials and reach outside servers: main administrator only.
 */
export const profileRoutes = defineRoutes({
  'GET /api/profile': { access: anyMember, data: profileData },
  'POST /api/profile': { access: writer('changelogo'), body: updateProfileRequest, data: profileData },
  'GET /api/profile/partners': { access: anyMember, data: partnersData },
  // An image as JSON `{ value }` (base64 or a data: URL), or its raw bytes as the body.
  'POST /api/profile/logo': {
    access: writer('changelogo'),
    body: imageUploadRequest,
    rawBody: true,
    data: imageData,
  },
  'GET /api/profile/logo': { access: anyMember, data: imageData },
  'POST /api/profile/signature': {
    access: writer('changelogo'),
    body: imageUploadRequest,
    rawBody: true,
    data: imageData,
  },
  'GET /api/profile/signature': { access: anyMember, data: imageData },
  'POST /api/profile/test-storage': { access: mainAdmin, body: testStorageRequest, data: z.null() },
  'POST /api/profile/test-mail': { access: mainAdmin, body: testMailRequest, data: z.null() },
  'POST /api/profile/office365-token': { access: mainAdmin, data: office365TokenData },
});
