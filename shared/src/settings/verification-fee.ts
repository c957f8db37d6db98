/**
 * The fee of a paid verification request (Setting → payment provider), apart from the profile's
 * schemas so the public function that charges it carries only this.
 */
/** Stripe's smallest charge up to 100,000 in the main unit. */
export const MIN_VERIFICATION_FEE_CENTS = 50;
export const MAX_VERIFICATION_FEE_CENTS = 10_000_000;
/** The currencies a verification fee may be set in (two-decimal currencies Stripe charges in). */
export const verificationCurrencies = ['usd', 'eur', 'gbp', 'inr', 'aud', 'cad', 'sgd', 'chf', 'pln'] as const;
/** A fee as typed (`25`, `25.5`, `25.50`) in cents; null when it is not such an amount. */
export const feeCents = (fee: string): number | null => {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(fee.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};

