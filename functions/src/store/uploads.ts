import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * An upload of the recipients screen (a sheet, a zip, photos or documents) and the progress of its
 * import (domain/uploads/uploads.ts).
 *
 * | access pattern | key                        |
 * |----------------|----------------------------|
 * | byId           | ORG#<org> / UPLOAD#<id>    |
 */
export const uploads = defineEntity('upload', {
  attributes: {
    ...attr.ownedByOrg,
    id: attr.fixedText,
    purpose: attr.requiredText,
    filename: attr.requiredText,
    kind: attr.requiredText,
    certtype: attr.requiredText,
    cohortid: attr.requiredText,
    /** Where the browser puts the file (under `uploads/`, which the bucket expires). */
    objectKey: attr.requiredText,
    ...attr.progress,
    /** Each bad row or file: `{ where, reason }`. */
    problems: { type: 'any', required: true },
    summary: {
      type: 'map',
      required: true,
      properties: {
        recipients: attr.requiredNumber,
        photos: attr.requiredNumber,
        documents: attr.requiredNumber,
      },
    },
    createdAt: attr.requiredText,
    /** The refusal's error code, so a caller waiting for the import job answers as it would have. */
    refusalCode: attr.text,
    /** When the import job gave up and its message was parked: a redrive may still finish it. */
    parkedAt: attr.text,
  },
  indexes: { byId: orgKey(keyPart('UPLOAD', 'id')) },
});
