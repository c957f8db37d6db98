import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * A held (suspended) credential: its bit is set in the suspension status list until unheld
 * (the record is deleted then).
 *
 * | access pattern | key                            |
 * |----------------|--------------------------------|
 * | byId / byOrg   | ORG#<org> / HOLD#<credential>  |
 */
export const holds = defineEntity('hold', {
  attributes: {
    ...attr.ownedByOrg,
    credentialId: attr.fixedText,
    statusIndex: attr.requiredNumber,
    heldAt: attr.requiredText,
  },
  indexes: { byId: orgKey(keyPart('HOLD', 'credentialId')) },
});
