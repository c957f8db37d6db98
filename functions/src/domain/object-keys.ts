/**
 * The names of the objects we keep in the buckets (S3 keys), one function per kind. They are made
 * by the server from ids, never from an uploaded file's name, and start with the organisation's id
 * (uploads excepted: see `upload`).
 */
export const objectKeys = {
  /**
   * A file the browser uploads for an import: under one `uploads/` prefix, so a bucket lifecycle
   * rule expires whatever an import left behind (a file PUT again after its import, one never imported).
   */
  upload: (orgId: string, id: string) => `uploads/${orgId}/${id}`,
  branding: (orgId: string, kind: 'logo' | 'signature', id: string, ext: string) =>
    `${orgId}/branding/${kind}-${id}.${ext}`,
  storageTest: (orgId: string, id: string) => `${orgId}/probes/storage-test-${id}.txt`,
  /** A generated certificate's rendering (artefacts bucket, private until issued). */
  generated: (orgId: string, certUuid: string, ext: 'pdf' | 'png') => `${orgId}/generated/${certUuid}.${ext}`,
  /** A design image (background, extra logo), named by its content: `img-<sha256>`. */
  designImage: (orgId: string, asset: string) => `${orgId}/designs/images/${asset}`,
  /** The badge image an open-badge design version renders to (the OB 3.0 achievement's image). */
  designBadge: (orgId: string, cohortid: string, version: number) =>
    `${orgId}/designs/badges/${encodeURIComponent(cohortid)}-v${version}.png`,
  /** A gallery design's thumbnail, rendered once per design content (`<number>-<hash>.png`). */
  galleryThumbnail: (name: string) => `gallery/thumbnails/${name}.png`,
  /** A finished download zip (artefacts bucket, handed out as a presigned link). */
  download: (orgId: string, runId: string) => `${orgId}/downloads/${runId}.zip`,
  /** What a download run packs (its selection can be too large for a queue message). */
  downloadRequest: (orgId: string, runId: string) => `${orgId}/downloads/${runId}.request.json`,
};
