import { badRequest } from '@proofmark/shared/errors';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';

/** The bytes of an uploaded image: raw, base64, or a data: URL. */
export const imageBytesOf = (value: string): Buffer => {
  const base64 = value.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw badRequest(m.imageWrongType);
  return Buffer.from(base64, 'base64');
};
