import { mailTrackingRoutes } from '@proofmark/shared/contract/dashboard';
import { notFound } from '@proofmark/shared/errors';
import { limitClient } from '../domain/client-limits';
import { recordClick, recordOpen } from '../domain/dashboard/tracking';
import { sourceIpOf } from './event';
import { httpGroup } from './route-group';

/** A transparent 1×1 GIF. */
const PIXEL = Uint8Array.from(
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
);

/**
 * The tracked mails' pixel and links (engagement analytics). The pixel answers the same image
 * whatever the token, so it tells nobody whether a token exists; a link of an unknown mail is a 404.
 */
export const handler = httpGroup(mailTrackingRoutes, {
  'GET /api/public/mail/{token}/open': async ({ params }, { event }) => {
    await limitClient('mailTracking', sourceIpOf(event));
    await recordOpen(params.token);
    return { raw: { contentType: 'image/gif', body: PIXEL } };
  },
  'GET /api/public/mail/{token}/link/{n}': async ({ params }, { event }) => {
    await limitClient('mailTracking', sourceIpOf(event));
    const target = await recordClick(params.token, Number(params.n));
    if (!target) throw notFound('This link is no longer valid.');
    return { status: 302, headers: { location: target }, raw: { contentType: 'text/plain', body: '' } };
  },
});
