import { AppError } from '@proofmark/shared/errors';
import { stripeWebhookRoutes } from '@proofmark/shared/contract/billing';
import { logger } from '../adapters/logger';
import { verifiedStripeEvent } from '../adapters/stripe';
import { stripeSettings } from '../adapters/stripe-keys';
import { handleStripeEvent } from '../domain/billing/stripe-events';
import { bodyTextOf } from './event';
import { httpGroup } from './route-group';

/**
 * Stripe's webhook: public, but only a body signed with the endpoint's signing secret is read (a bad,
 * missing or old signature is a 400 and changes nothing). A group apart from `public`: it carries
 * the `stripe` library and the signing secret.
 */
export const handler = httpGroup(stripeWebhookRoutes, {
  'POST /api/public/stripe/webhook': async (_input, { event }) => {
    const secret = (await stripeSettings()).webhookSecret;
    if (!secret) throw new AppError('unavailable', 'Payments are not set up on this installation yet.');
    const stripeEvent = verifiedStripeEvent(bodyTextOf(event), event.headers?.['stripe-signature'], secret);
    const outcome = await handleStripeEvent(stripeEvent);
    logger.info('Stripe event', { eventId: stripeEvent.id, type: stripeEvent.type, outcome });
    return { data: { received: true } };
  },
});
