/**
 * The OAuth 2 client-credentials grant (RFC 6749 §4.4), as Office 365 mail uses it: one POST to the
 * token endpoint, no library. `fetchImpl` lets a unit test see the request.
 */
export interface TokenRequest {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export interface TokenAnswer {
  accessToken: string;
  refreshToken?: string;
  expiresInSeconds?: number;
}

export class TokenEndpointError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly oauthError?: string,
  ) {
    super(message);
    this.name = 'TokenEndpointError';
  }
}

export const office365TokenUrl = (tenantId: string) =>
  `https://login.microsoftonline.com/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
export const OFFICE365_SMTP_SCOPE = 'https://outlook.office365.com/.default';

export const fetchClientCredentialsToken = async (
  req: TokenRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenAnswer> => {
  const res = await fetchImpl(req.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: req.clientId,
      client_secret: req.clientSecret,
      scope: req.scope,
    }).toString(),
    signal: AbortSignal.timeout(10_000),
    redirect: 'error',
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== 'string') {
    const code = typeof body.error === 'string' ? body.error : undefined;
    throw new TokenEndpointError(
      `token endpoint answered ${res.status}${code ? ` (${code})` : ''}`,
      res.status,
      code,
    );
  }
  return {
    accessToken: body.access_token,
    ...(typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token } : {}),
    ...(typeof body.expires_in === 'number' ? { expiresInSeconds: body.expires_in } : {}),
  };
};
