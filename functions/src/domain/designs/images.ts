import { createHash } from 'node:crypto';
import { AppError } from '@proofmark/shared/errors';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { imageContentType, imageKindOf, imageProblem } from '@proofmark/shared/settings/rules';
import { objectSize, presignedGetUrl, putObject } from '../../adapters/blobs';
import { objectKeys } from '../object-keys';
import { checkJpeg, checkPng } from '../uploads/image-content';

/**
 * Design images (backgrounds, extra logos): S3 objects under the organisation's prefix, named by
 * the SHA-256 of their bytes, so an image is stored once and a design names it by content
 * (`img-<sha256>`). Accepted as logos are (PNG or JPEG by their bytes, at most 2 MB) and, like
 * photos, only once decoded whole within 4096 × 4096 pixels.
 */
export const designImageKey = objectKeys.designImage;

export const uploadDesignImage = async (orgId: string, bytes: Buffer) => {
  const problem = imageProblem(bytes);
  if (problem) throw new AppError(problem === m.imageTooLarge ? 'payload_too_large' : 'bad_request', problem);
  const kind = imageKindOf(bytes)!;
  if (kind === 'png') checkPng('The image', bytes);
  else checkJpeg('The image', bytes);
  const asset = `img-${createHash('sha256').update(bytes).digest('hex')}`;
  const key = designImageKey(orgId, asset);
  await putObject('artefacts', key, bytes, imageContentType[kind]);
  return { asset, url: await presignedGetUrl('artefacts', key) };
};

/** The assets of `assets` the organisation never uploaded (another's, or made up). */
export const missingAssets = async (orgId: string, assets: readonly string[]) => {
  const sizes = await Promise.all(assets.map((a) => objectSize('artefacts', designImageKey(orgId, a))));
  return assets.filter((_, i) => sizes[i] === undefined);
};

export const imageUrls = async (orgId: string, assets: readonly string[]) =>
  Object.fromEntries(
    await Promise.all(assets.map(async (a) => [a, await presignedGetUrl('artefacts', designImageKey(orgId, a))])),
  ) as Record<string, string>;
