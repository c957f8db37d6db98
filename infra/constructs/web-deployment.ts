import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export interface WebDeploymentProps {
  /** The built SPA (vite's output). */
  sourceDir: string;
  bucket: IBucket;
  distribution: IDistribution;
  /** Written as /config.json: values only known after deployment, so they cannot be baked in at build time. */
  runtimeConfig: Record<string, string>;
}

/** Uploads the built SPA with its runtime configuration. */
export class WebDeployment extends Construct {
  constructor(scope: Construct, id: string, props: WebDeploymentProps) {
    super(scope, id);
    new BucketDeployment(this, 'Upload', {
      sources: [Source.asset(props.sourceDir), Source.jsonData('config.json', props.runtimeConfig)],
      destinationBucket: props.bucket,
      // Hashed chunks of the previous build stay, so tabs opened before the deployment keep working.
      prune: false,
      distribution: props.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      memoryLimit: 512,
    });
  }
}
