import type { Context } from 'aws-lambda';
import type { AnyRoute } from '@proofmark/shared/contract/define';
import type { UserRecord } from '../domain/accounts/users';
import type { Caller } from './event';

/**
 * What the middlewares of an HTTP group learn about one call, kept on the Lambda context for the
 * next: the route (from the contract), then the verified caller and their current row, then the
 * parsed input.
 */
export interface RouteContext extends Context {
  route?: AnyRoute;
  caller?: Caller;
  user?: UserRecord;
  input?: { params: unknown; query: unknown; body: unknown };
}
