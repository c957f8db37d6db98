import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * A write-only secret of an organisation (SMTP passwords, storage keys, payment keys, issuing
 * keys): only its envelope-encrypted form (`sealed`) and, for some, its last four characters.
 * Names are dotted paths (`settings.smtppassword`, `issuing.ethereum.<key id>`), so one prefix
 * query lists a group.
 *
 * | access pattern | key                             |
 * |----------------|---------------------------------|
 * | byName         | ORG#<org> / SECRET#<name>       |
 * | byName (group) | ORG#<org> / begins_with SECRET#<prefix> |
 */
export const secrets = defineEntity('secret', {
  attributes: {
    ...attr.ownedByOrg,
    name: attr.fixedText,
    /** The record kind as rows named it before entities did (`__edb_e__` says it now). */
    type: { type: 'string', default: 'secret', readOnly: true },
    /** The envelope (`Sealed` of adapters/envelope.ts). */
    sealed: { type: 'any', required: true },
    hint: attr.text,
    updatedAt: attr.requiredText,
  },
  indexes: { byName: orgKey(keyPart('SECRET', 'name')) },
});
