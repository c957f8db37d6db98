import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * A run: the progress record of one piece of long work (generate, issue, bake, send, download,
 * invite) that the UI follows while a job does it. Issue and bake runs also carry what their job
 * needs (the rows asked for, the chain, the debit). A run whose job is unfinished carries the
 * pending-job mark (gsi2 `PENDING#<job>`, adapters/queue.ts) or, when it is due later, the
 * scheduled mark (gsi2 `SCHEDULED`, adapters/scheduler.ts); infra/local reads those across record
 * kinds, so they are plain attributes here, not an access pattern of this entity.
 *
 * | access pattern | key                    |
 * |----------------|------------------------|
 * | byId / byOrg   | ORG#<org> / RUN#<run>  |
 */
export const runs = defineEntity('run', {
  attributes: {
    ...attr.ownedByOrg,
    id: attr.fixedText,
    kind: attr.fixedText,
    ...attr.progress,
    failed: attr.requiredNumber,
    /** Per-recipient problems ("<studentid>: <reason>"), at most 50 kept. */
    errors: { ...attr.texts, required: true },
    createdAt: attr.fixedText,
    updatedAt: attr.requiredText,
    scheduledAt: attr.text,
    batchId: attr.text,
    txId: attr.text,
    downloadUrl: attr.text,
    // ——— runs that mail (invite, send, mail-test): how many mails left by which route ———
    viaOrganisation: attr.number,
    viaProduct: attr.number,
    /** The organisation's mail server its mails went through (host:port, or Office 365). */
    mailServer: attr.text,
    // ——— issue and bake runs (domain/workspace/issue/requests.ts) ———
    certtype: attr.text,
    items: attr.texts,
    blockchain: attr.text,
    requested: attr.number,
    claimed: attr.number,
    refunded: attr.number,
    // ——— the pending-job or scheduled mark ———
    ...attr.pendingJobMark,
    scheduledJob: attr.text,
  },
  indexes: { byId: orgKey(keyPart('RUN', 'id')) },
});
