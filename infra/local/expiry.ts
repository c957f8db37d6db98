import { DeleteObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { buckets, type BucketName } from '../resources';

/**
 * The buckets' lifecycle expiry on one machine. In AWS the stack turns each `expire` rule of
 * infra/resources.ts into an S3 lifecycle rule (constructs/storage.ts); the local S3 stand-in has no
 * lifecycle, so the local cloud applies the same rules itself: at start and then every hour it
 * deletes the objects under a rule's prefix that are older than the rule's age. Like S3's own
 * expiry this is housekeeping, not a deadline: an object may live up to an hour past its age.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Every expiry rule of every bucket, from the one definition the stack also uses. */
export const expiryRules = (): { bucket: BucketName; prefix: string; afterDays: number }[] =>
  (Object.keys(buckets) as BucketName[]).flatMap((bucket) => {
    const def = buckets[bucket];
    return ('expire' in def ? def.expire : []).map((rule) => ({ bucket, ...rule }));
  });

/** Deletes what the rules say has expired at `now`; answers how many objects went. */
export const sweepExpired = async (
  s3: S3Client,
  bucketNames: Record<BucketName, string>,
  now: Date = new Date(),
): Promise<number> => {
  let deleted = 0;
  for (const rule of expiryRules()) {
    const cutoff = now.getTime() - rule.afterDays * DAY_MS;
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({
          Bucket: bucketNames[rule.bucket],
          Prefix: rule.prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !object.LastModified || object.LastModified.getTime() > cutoff) continue;
        await s3.send(new DeleteObjectCommand({ Bucket: bucketNames[rule.bucket], Key: object.Key }));
        deleted++;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return deleted;
};

/**
 * Sweeps now and then every `everyMs`. A failed sweep is reported and retried at the next one; it
 * never stops the local cloud. `clock` lets a test look at a later moment.
 */
export const startExpirySweep = (opts: {
  s3: S3Client;
  bucketNames: Record<BucketName, string>;
  everyMs?: number;
  clock?: () => Date;
}) => {
  const clock = opts.clock ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepExpired(opts.s3, opts.bucketNames, clock()).catch((err: unknown) =>
      console.error(`Expiry sweep failed (retried in an hour): ${(err as Error).message}`),
    );
    return running;
  };
  const first = sweep();
  const timer = setInterval(() => void sweep(), opts.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  return {
    /** The sweep made at start. */
    first,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
