import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { unauthorized } from '@proofmark/shared/errors';

/** An HTTP API (v2) event, with the claims the JWT authorizer passes on authenticated routes. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      jwt?: { claims: Record<string, string | number | boolean | string[]>; scopes: string[] | null };
    };
  };
};

/** Who is calling, from verified token claims only — never from the body or a header. */
export interface Caller {
  orgId: string;
  userId: string;
  email: string;
  isAdmin: boolean;
}

export const callerOf = (event: HttpEvent): Caller => {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const orgId = claims?.['custom:org_id'];
  const userId = claims?.sub;
  if (typeof orgId !== 'string' || !orgId || typeof userId !== 'string') throw unauthorized();
  return {
    orgId,
    userId,
    email: typeof claims?.email === 'string' ? claims.email : '',
    isAdmin: claims?.['custom:is_admin'] === '1',
  };
};

/** When the token was issued (seconds): a logout revokes every token issued up to it. */
export const issuedAtOf = (event: HttpEvent): number =>
  Number(event.requestContext.authorizer?.jwt?.claims.iat ?? 0);

/** The client's address as API Gateway saw it (the browser calls no IP service). */
export const sourceIpOf = (event: HttpEvent): string => event.requestContext.http.sourceIp;

/** The body as text ('' when there is none). */
export const bodyTextOf = (event: HttpEvent): string =>
  event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
