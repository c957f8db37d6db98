import { imageUploadRequest } from '@proofmark/shared/contract/profile';
import { badRequest } from '@proofmark/shared/errors';
import { imageBytesOf } from '../domain/settings/image-bytes';
import { bodyTextOf, type HttpEvent } from './event';

/**
 * An uploaded image: JSON `{ value }` (base64 or a data: URL, spec §7 uploadlogoimage) or the raw
 * bytes as the body (any non-JSON content type; the gateway hands them over base64-encoded).
 */
export const imageBody = (event: HttpEvent): Buffer => {
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

