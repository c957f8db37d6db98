import { describe, expect, it } from 'vitest';
import { fetchClientCredentialsToken, office365TokenUrl, TokenEndpointError } from './oauth-token';

const fakeEndpoint = (status: number, answer: unknown) => {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { seen, fetchImpl };
};

describe('the client-credentials token fetch (Office 365)', () => {
  it("posts the form Microsoft's token endpoint expects", async () => {
    const { seen, fetchImpl } = fakeEndpoint(200, {
      access_token: 'tok',
      expires_in: 3599,
      token_type: 'Bearer',
    });
    const answer = await fetchClientCredentialsToken(
      {
        tokenUrl: office365TokenUrl('contoso.onmicrosoft.com'),
        clientId: 'cid',
        clientSecret: 'c s&x',
        scope: 'https://outlook.office365.com/.default',
      },
      fetchImpl,
    );
    expect(answer).toEqual({ accessToken: 'tok', expiresInSeconds: 3599 });
    expect(seen[0]!.url).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token');
    expect(seen[0]!.init.method).toBe('POST');
    const form = new URLSearchParams(String(seen[0]!.init.body));
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'cid',
      client_secret: 'c s&x',
      scope: 'https://outlook.office365.com/.default',
    });
  });

  it('fails with the OAuth error code', async () => {
    const { fetchImpl } = fakeEndpoint(401, { error: 'invalid_client', error_description: 'AADSTS7000215' });
    const failure = fetchClientCredentialsToken(
      { tokenUrl: 'https://t.example.test/token', clientId: 'c', clientSecret: 's', scope: 'x' },
      fetchImpl,
    );
    await expect(failure).rejects.toBeInstanceOf(TokenEndpointError);
    await expect(failure).rejects.toMatchObject({ status: 401, oauthError: 'invalid_client' });
  });
});
