import { Duration, RemovalPolicy, Tags } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type CorsRule as S3CorsRule,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { buckets as bucketDefs, type BucketName, type CorsRule } from '../resources';
import { pascal, recordOf } from './util';

const toS3Cors = (rule: CorsRule): S3CorsRule => ({
  allowedMethods: rule.allowedMethods.map((m) => HttpMethods[m]),
  allowedOrigins: [...rule.allowedOrigins],
  allowedHeaders: [...rule.allowedHeaders],
  exposedHeaders: rule.exposedHeaders ? [...rule.exposedHeaders] : undefined,
  maxAge: rule.maxAgeSeconds,
});

/**
 * The buckets of resources.ts. None is public: the public bucket is reached only through CloudFront
 * (origin access control), so a leaked object URL never bypasses the CDN's headers.
 */
const expiryOf = (name: BucketName): readonly { prefix: string; afterDays: number }[] => {
  const def = bucketDefs[name];
  return 'expire' in def ? def.expire : [];
};

export class Storage extends Construct {
  readonly buckets: Record<BucketName, Bucket>;
  /**
   * The public verifier app's files (web/dist-verifier under verify/), served by the app
   * distribution at /verify. Not a bucket of resources.ts: no function uses it, and on one machine
   * the gateway serves the build from disk.
   */
  readonly verifier: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.buckets = recordOf(Object.keys(bucketDefs) as BucketName[], (name) =>
      this.bucket(name, bucketDefs[name].cors, expiryOf(name)),
    );
    this.verifier = this.bucket('verifier', [], []);
  }

  private bucket(
    name: string,
    cors: readonly CorsRule[],
    expire: readonly { prefix: string; afterDays: number }[],
  ): Bucket {
    const bucket = new Bucket(this, pascal(name), {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      cors: cors.length ? cors.map(toS3Cors) : undefined,
      // Browsers upload through presigned URLs; abandoned multipart uploads would otherwise be billed forever.
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        ...expire.map((e) => ({ prefix: e.prefix, expiration: Duration.days(e.afterDays) })),
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Tags.of(bucket).add('proofmark:bucket', name);
    return bucket;
  }
}
