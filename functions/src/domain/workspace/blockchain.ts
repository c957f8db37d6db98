import { blockchains, type Blockchain } from '@proofmark/shared/settings/choices';
import type { OrgSettings } from '../settings/org-settings';

/**
 * The blockchain certificates of this organisation go to. The settings screen shows 'ethereum'
 * until the organisation picks one (domain/settings/profile.ts), so a fresh organisation has that; only a
 * stored value that is no supported chain (e.g. cleared) counts as "no blockchain selected".
 */
export const blockchainOf = (settings: OrgSettings): Blockchain | undefined => {
  const chosen = settings.blockchain === undefined ? 'ethereum' : settings.blockchain;
  return (blockchains as readonly string[]).includes(chosen) ? chosen : undefined;
};
