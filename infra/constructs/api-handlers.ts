import { Duration } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { routeGroups, routes, type RouteGroup } from '../../functions/src/routes';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { chromiumRouteGroups, httpBundle } from '../bundling';
import { httpAccess } from '../permissions';
import { httpFunctionTimeoutSeconds } from '../resources';
import type { Api } from './api';
import { BackendFunction, type Backend } from './backend-function';
import { pascal, recordOf } from './util';
import { schedulingEnvNames, type Scheduling } from './scheduling';

export interface ApiHandlersProps {
  api: Api;
  backend: Backend;
  userPool: IUserPool;
  scheduling: Scheduling;
}

/** One Lambda per route group of routes.ts, and one API route per entry of the table. */
export class ApiHandlers extends Construct {
  readonly functions: Record<RouteGroup, BackendFunction>;

  constructor(scope: Construct, id: string, props: ApiHandlersProps) {
    super(scope, id);
    this.functions = recordOf(routeGroups, (group) => this.groupFunction(group, props));

    // One integration per group (not per route) and one invoke permission for the whole API: a
    // permission per route would grow the function's resource policy with every route added.
    const integrations = new Map(
      routeGroups.map((group) => [
        group,
        new HttpLambdaIntegration(pascal(group), this.functions[group], { scopePermissionToRoute: false }),
      ]),
    );
    for (const route of routes) props.api.addRoute(route, integrations.get(route.group)!);
  }

  private groupFunction(group: RouteGroup, props: ApiHandlersProps): BackendFunction {
    const bundle = httpBundle(group);
    const fn = new BackendFunction(this, pascal(group), {
      bundle,
      description: `Proofmark HTTP routes of group ${group} (${bundle.entry})`,
      timeout: Duration.seconds(httpFunctionTimeoutSeconds),
      // CPU scales with memory, and these cold starts are on a user's request; a group that renders
      // with Chromium gets more, and x86_64 because @sparticuz/chromium ships an x64 browser only.
      memorySize: chromiumRouteGroups.includes(group) ? 2048 : 1024,
      ...(chromiumRouteGroups.includes(group) ? { architecture: Architecture.X86_64 } : {}),
      backend: props.backend,
      access: httpAccess[group],
    });
    if (httpAccess[group].schedules) {
      props.scheduling.grantManageSchedules(fn);
      fn.addEnvironment(schedulingEnvNames.group, props.scheduling.groupName);
      fn.addEnvironment(schedulingEnvNames.roleArn, props.scheduling.role.roleArn);
      // Only issuance is scheduled; a Lambda's environment is capped at 4 KB.
      fn.addEnvironment(schedulingEnvNames.targetArn('issue'), props.backend.queues.issue.queueArn);
    }
    return fn;
  }
}
