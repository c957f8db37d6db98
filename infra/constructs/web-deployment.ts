import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export interface WebDeploymentProps {
  /** A vite build (web/dist or web/dist-verifier). */
  sourceDir: string;
  bucket: IBucket;
  distribution: IDistribution;
  /** The URL path the build is served under, as a key prefix: '' for the SPA, 'verify/' for the verifier. */
  prefix?: string;
  /** Written as /config.json: values only known after deployment, so they cannot be baked in at build time. */
  runtimeConfig?: Record<string, string>;
}

/** Content-hashed files (vite's assets/): a new build never changes one in place. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploads a built web app: its hashed assets cached for a year, everything else (index.html,
 * config.json, the favicon) revalidated on every load, so a deployment shows at once. The build's
 * precompressed .gz/.br twins and its manifest stay behind: CloudFront compresses on its own
 * (brotli or gzip, by the viewer's Accept-Encoding).
 */
export class WebDeployment extends Construct {
  constructor(scope: Construct, id: string, props: WebDeploymentProps) {
    super(scope, id);
    const prefix = props.prefix ?? '';
    const build = Source.asset(props.sourceDir, { exclude: ['*.gz', '*.br', '.vite'] });
    const common = {
      destinationBucket: props.bucket,
      ...(prefix ? { destinationKeyPrefix: prefix } : {}),
      // Hashed chunks of the previous build stay, so tabs opened before the deployment keep working.
      prune: false,
      memoryLimit: 512,
    };
    const assets = new BucketDeployment(this, 'Assets', {
      ...common,
      sources: [build],
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [CacheControl.fromString(IMMUTABLE)],
    });
    const pages = new BucketDeployment(this, 'Upload', {
      ...common,
      sources: props.runtimeConfig ? [build, Source.jsonData('config.json', props.runtimeConfig)] : [build],
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: [`/${prefix}index.html`, ...(props.runtimeConfig ? ['/config.json'] : [])],
    });
    // The new index.html names the new assets: they are in the bucket before it is.
    pages.node.addDependency(assets);
  }
}
