import { describe, expect, it } from 'vitest';
import { transportOptions } from './smtp';

describe('SMTP transport options', () => {
  it('uses TLS from the start on 465 and STARTTLS elsewhere', () => {
    expect(
      transportOptions({ kind: 'password', host: 'smtp.example.test', port: 465, user: 'u', pass: 'p' }),
    ).toMatchObject({ secure: true, auth: { user: 'u', pass: 'p' } });
    expect(
      transportOptions({ kind: 'password', host: 'smtp.example.test', port: 587, user: 'u', pass: 'p' }),
    ).toMatchObject({ secure: false });
  });

  it("signs in to Gmail with nodemailer's XOAuth2 and the refresh token", () => {
    const o = transportOptions({
      kind: 'oauth',
      host: 'smtp.gmail.com',
      port: 465,
      user: 'me@gmail.example',
      clientId: 'id',
      clientSecret: 'sec',
      refreshToken: 'rt',
    });
    expect(o.auth).toEqual({
      type: 'OAuth2',
      user: 'me@gmail.example',
      clientId: 'id',
      clientSecret: 'sec',
      refreshToken: 'rt',
    });
    const custom = transportOptions({
      kind: 'oauth',
      host: 'h',
      port: 587,
      user: 'u',
      clientId: 'id',
      clientSecret: 's',
      refreshToken: 'r',
      accessUrl: 'https://idp.example.test/token',
    });
    expect(custom.auth).toMatchObject({ accessUrl: 'https://idp.example.test/token' });
  });

  it('sends Office 365 mail over STARTTLS with the fetched access token', () => {
    expect(
      transportOptions({ kind: 'office365', user: 'sender@tenant.example', accessToken: 'tok' }),
    ).toMatchObject({
      host: 'smtp.office365.com',
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { type: 'OAuth2', user: 'sender@tenant.example', accessToken: 'tok' },
    });
  });

  it('gives up on a silent server', () => {
    expect(transportOptions({ kind: 'password', host: 'h', port: 25, user: 'u', pass: 'p' })).toMatchObject({
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    });
  });
});
