import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  type HttpRouteIntegration,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { Construct } from 'constructs';
import { routeKey, routes, type RouteDef } from '../../functions/src/routes';
import { apiThrottles } from '../resources';

export interface ApiProps {
  /** The token issuer (the user pool's provider URL). */
  issuerUrl: string;
  /** The SPA's app client: ID tokens carry it as `aud`. */
  audience: string;
  /** Origins allowed to call the API straight from a browser (the SPA itself goes through CloudFront, same origin). */
  allowedOrigins: string[];
}

/**
 * The HTTP API and its JWT authorizer. Routes are added afterwards (see ApiHandlers) because the
 * handlers' environment needs the CloudFront URLs, and the SPA distribution needs this API.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly authorizer: HttpJwtAuthorizer;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const methods = [...new Set(routes.map((r) => r.method))];
    this.httpApi = new HttpApi(this, 'Http', {
      description: 'Proofmark API: one route per entry of functions/src/routes.ts',
      corsPreflight: {
        allowOrigins: props.allowedOrigins,
        allowMethods: [...methods.map((m) => CorsHttpMethod[m]), CorsHttpMethod.OPTIONS],
        // Bearer tokens, not cookies: credentials mode stays off, which also allows a wildcard origin.
        allowHeaders: ['authorization', 'content-type'],
        maxAge: Duration.hours(1),
      },
    });
    const stage = this.httpApi.defaultStage!.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = {
      throttlingRateLimit: apiThrottles.default.rate,
      throttlingBurstLimit: apiThrottles.default.burst,
    };
    stage.routeSettings = Object.fromEntries(
      Object.entries(apiThrottles.routes).map(([key, t]) => [
        key,
        // A free-form map in CloudFormation's own casing (CDK does not rename keys inside it).
        { ThrottlingRateLimit: t.rate, ThrottlingBurstLimit: t.burst },
      ]),
    );
    // Access logs: what never reaches a function (the JWT authorizer's 401s, throttled 429s) is here.
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        time: '$context.requestTime',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
        authorizerError: '$context.authorizer.error',
        integrationError: '$context.integrationErrorMessage',
      }),
    };
    this.authorizer = new HttpJwtAuthorizer('CognitoIdToken', props.issuerUrl, {
      jwtAudience: [props.audience],
    });
  }

  /** The host name CloudFront forwards /api/* to. */
  get originDomain(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  addRoute(route: RouteDef, integration: HttpRouteIntegration): void {
    const added = this.httpApi.addRoutes({
      path: route.path,
      methods: [HttpMethod[route.method]],
      integration,
      authorizer: this.authorizerFor(route.auth),
    });
    // A stage's route settings name routes that must exist first.
    if (routeKey(route) in apiThrottles.routes)
      for (const r of added) this.httpApi.defaultStage!.node.addDependency(r);
  }

  private authorizerFor(auth: RouteDef['auth']): IHttpRouteAuthorizer | undefined {
    switch (auth) {
      case 'public':
        return undefined;
      case 'user':
        return this.authorizer;
    }
  }
}
