import { Duration } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { CorsRule } from '../resources';

/**
 * History fallback for the SPA: a path whose last segment has no file extension is a client-side
 * route and gets /index.html. Done per request on the S3 behaviour rather than with distribution-wide
 * 403/404 error responses, which CloudFront would also apply to /api/* and so turn the API's
 * "404 for another organisation's object" into a 200 HTML page.
 */
export const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * The same for the public verifier app at /verify: its own build, in its own bucket under verify/.
 * /verify and /verify/<slug> (an organisation's page; slugs never contain a dot) get its index.html.
 */
export const verifierFallbackCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (request.uri === '/verify' || last.indexOf('.') === -1) request.uri = '/verify/index.html';
  return request;
}`;

export interface CdnProps {
  webBucket: IBucket;
  /** The public verifier app's bucket (Storage.verifier), served at /verify. */
  verifierBucket: IBucket;
  publicBucket: IBucket;
  /** Host of the HTTP API, served under /api/* so the SPA calls its own origin. */
  apiDomain: string;
  /** CORS of public artefacts (resources.ts), answered by CloudFront for wallets and verifiers anywhere. */
  publicCors: CorsRule;
}

export class Cdn extends Construct {
  readonly app: Distribution;
  readonly public: Distribution;

  constructor(scope: Construct, id: string, props: CdnProps) {
    super(scope, id);
    this.app = this.appDistribution(props);
    this.public = this.publicDistribution(props);
  }

  get appUrl(): string {
    return `https://${this.app.distributionDomainName}`;
  }

  get publicUrl(): string {
    return `https://${this.public.distributionDomainName}`;
  }

  private appDistribution(props: CdnProps): Distribution {
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(spaFallbackCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Proofmark SPA: client-side routes get /index.html',
    });
    const verifierFallback = new CloudFrontFunction(this, 'VerifierFallback', {
      code: FunctionCode.fromInline(verifierFallbackCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Proofmark public verifier: its pages get /verify/index.html',
    });
    // The verifier app's own behaviour: same caching and headers as the SPA, its own origin.
    // CachingOptimized caches by Accept-Encoding (gzip and brotli) and keeps the objects'
    // Cache-Control (immutable assets, no-cache HTML; web-deployment.ts); `compress` is on.
    const verifier = {
      origin: S3BucketOrigin.withOriginAccessControl(props.verifierBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
      functionAssociations: [{ function: verifierFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    return new Distribution(this, 'App', {
      comment: 'Proofmark SPA and /api',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.webBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/verify': verifier,
        '/verify/*': verifier,
        '/api/*': {
          origin: new HttpOrigin(props.apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          // A redirect would turn a POST into a GET; API clients must use HTTPS.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // With caching disabled this also carries the Authorization header; Host must stay the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });
  }

  private publicDistribution(props: CdnProps): Distribution {
    const cors = props.publicCors;
    const corsHeaders = new ResponseHeadersPolicy(this, 'PublicCors', {
      comment: 'Proofmark public artefacts: CORS from resources.ts',
      corsBehavior: {
        accessControlAllowOrigins: [...cors.allowedOrigins],
        accessControlAllowMethods: [...cors.allowedMethods, 'OPTIONS'],
        accessControlAllowHeaders: [...cors.allowedHeaders],
        accessControlExposeHeaders: cors.exposedHeaders ? [...cors.exposedHeaders] : undefined,
        accessControlAllowCredentials: false,
        accessControlMaxAge: Duration.seconds(cors.maxAgeSeconds),
        originOverride: true,
      },
    });
    // Revocation and status lists change in place: objects without their own Cache-Control are
    // revalidated every few minutes instead of CloudFront's default day.
    const shortCache = new CachePolicy(this, 'PublicCache', {
      comment: 'Proofmark public artefacts: short default TTL, origin Cache-Control wins',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.minutes(5),
      maxTtl: Duration.days(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    return new Distribution(this, 'Public', {
      comment: 'Proofmark public artefacts: credentials, issuer profiles, revocation lists, verifier',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.publicBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: shortCache,
        originRequestPolicy: OriginRequestPolicy.CORS_S3_ORIGIN,
        responseHeadersPolicy: corsHeaders,
      },
    });
  }
}
