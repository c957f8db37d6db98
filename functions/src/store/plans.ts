import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey } from './table';

/**
 * The plan catalogue: what an organisation may buy (spec §3 Plan). Not owned by an organisation:
 * one list for the deployment, changed by the product team without a deploy (`npm run plans`) and
 * seeded at provisioning. A retired plan stays (purchases name it) but is no longer offered or sold.
 *
 * | access pattern | key                    |
 * |----------------|------------------------|
 * | byId           | PLANS / PLAN#<plan id> |
 */
export const plans = defineEntity('plan', {
  attributes: {
    planId: attr.fixedText,
    name: attr.requiredText,
    description: { ...attr.text, default: '' },
    /** In the currency's smallest unit (cents). */
    priceCents: attr.requiredNumber,
    currency: attr.requiredText,
    /** Certificates a purchase adds to the balance. */
    certificates: attr.requiredNumber,
    entries: {
      type: 'list',
      items: { type: 'map', properties: { count: attr.requiredNumber, name: attr.requiredText } },
      default: () => [],
    },
    features: { ...attr.texts, default: () => [] },
    highlighted: { type: 'boolean', default: false },
    sortOrder: { ...attr.number, default: 0 },
    active: { type: 'boolean', required: true },
    createdAt: attr.requiredText,
    retiredAt: attr.text,
  },
  indexes: { byId: primaryKey(keyPart('PLANS'), keyPart('PLAN', 'planId')) },
});
