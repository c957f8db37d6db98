import { auth, drive } from '@googleapis/drive';
import { gdriveClientOf } from '@proofmark/shared/api/profile';
import { PROBE_TIMEOUT_MS, type ProbeObject, type StorageTarget } from './types';

type GdriveTarget = Extract<StorageTarget, { kind: 'gdrive' }>;

/**
 * A Drive v3 client from the two files the Google quickstart produces: the OAuth client
 * (credentials.json) and the user's token (token.json). `fetchImplementation` lets a unit test see
 * the requests it would send (Google cannot be reached from the test machine).
 */
export const gdriveClient = (t: GdriveTarget, fetchImplementation?: typeof fetch) => {
  const client = gdriveClientOf(t.credential);
  if (!client)
    throw Object.assign(new Error('The Google Drive credential is not an OAuth client file.'), {
      code: 'EBADCREDENTIAL',
    });
  const transport = {
    timeout: PROBE_TIMEOUT_MS,
    retry: false,
    ...(fetchImplementation ? { fetchImplementation } : {}),
  };
  const oauth = new auth.OAuth2({
    clientId: client.client_id,
    clientSecret: client.client_secret,
    ...(client.redirect_uri ? { redirectUri: client.redirect_uri } : {}),
    transporterOptions: transport,
  });
  oauth.setCredentials(JSON.parse(t.token) as Parameters<typeof oauth.setCredentials>[0]);
  return drive({ version: 'v3', auth: oauth, ...transport });
};

/** Creates one small file in the Drive's root and deletes it again. */
export const probeGdrive = async (
  t: GdriveTarget,
  probe: ProbeObject,
  fetchImplementation?: typeof fetch,
) => {
  const d = gdriveClient(t, fetchImplementation);
  const created = await d.files.create({
    requestBody: { name: probe.name, mimeType: probe.contentType },
    media: { mimeType: probe.contentType, body: probe.body },
    fields: 'id',
  });
  const fileId = created.data.id;
  if (!fileId) throw new Error('Google Drive did not return the id of the test file.');
  await d.files.delete({ fileId });
};
