import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * An upload of the recipients screen (a sheet, a zip, photos or documents) and the progress of its
 * import (domain/uploads.ts).
 *
 * | access pattern | key                        |
 * |----------------|----------------------------|
 * | byId           | ORG#<org> / UPLOAD#<id>    |
 */
export const uploads = defineEntity({
  model: { entity: 'upload', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    purpose: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    kind: { type: 'string', required: true },
    certtype: { type: 'string', required: true },
    cohortid: { type: 'string', required: true },
    /** Where the browser puts the file (under `uploads/`, which the bucket expires). */
    objectKey: { type: 'string', required: true },
    state: { type: 'string', required: true },
    total: { type: 'number', required: true },
    done: { type: 'number', required: true },
    message: { type: 'string', required: true },
    /** Each bad row or file: `{ where, reason }`. */
    problems: { type: 'any', required: true },
    summary: {
      type: 'map',
      required: true,
      properties: {
        recipients: { type: 'number', required: true },
        photos: { type: 'number', required: true },
        documents: { type: 'number', required: true },
      },
    },
    createdAt: { type: 'string', required: true },
    /** The refusal's error code, so a caller waiting for the import job answers as it would have. */
    refusalCode: { type: 'string' },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'UPLOAD#${id}', composite: ['id'] },
    ),
  },
});
