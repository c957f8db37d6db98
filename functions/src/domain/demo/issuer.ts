import { DEMO_ORG_ID, DEMO_SLUG } from '@proofmark/shared/demo/issuer';
import { putObject } from '../../adapters/blobs';
import { appBaseUrl } from '../../adapters/site-urls';
import { organisations } from '../../store/organisations';
import { ledgerEntries } from '../../store/ledger-entries';
import { cancellationReasons, put, writeAll } from '../../store/transaction';
import { getOrg, type OrgRecord } from '../accounts/users';
import { getOrgSettings, setOrgSettings } from '../settings/org-settings';
import { DEMO_LOGO_PNG } from './logo';

/**
 * The demo issuer: an organisation of its own (its own issuing key, balance, verifier address and
 * public documents), so a visitor's demo never touches a customer's. It has no users: nobody signs
 * in to it. Made on first use, by whichever demo call comes first; every step can be repeated.
 */
export { DEMO_ORG_ID, DEMO_SLUG } from '@proofmark/shared/demo/issuer';
export const DEMO_ISSUER_NAME = 'Proofmark Demo University';
/** Certificates the demo issuer starts with; each demo certificate is debited with a ledger entry. */
export const DEMO_STARTING_BALANCE = 100_000;
export const DEMO_BLOCKCHAIN = 'ethereum' as const;
const logoKey = `${DEMO_ORG_ID}/branding/logo.png`;

let ready: Promise<OrgRecord> | undefined;

const makeDemoIssuer = async (): Promise<OrgRecord> => {
  const existing = await getOrg(DEMO_ORG_ID);
  if (!existing) {
    const now = new Date().toISOString();
    try {
      // Its balance is granted with its ledger entry, in the transaction that makes it.
      await writeAll([
        put(
          organisations()
            .create({
              orgId: DEMO_ORG_ID,
              name: DEMO_ISSUER_NAME,
              url: appBaseUrl(),
              verifierSlug: DEMO_SLUG,
              created_at: now,
              balance: DEMO_STARTING_BALANCE,
            })
            .params(),
        ),
        put(
          ledgerEntries()
            .create({
              orgId: DEMO_ORG_ID,
              at: now,
              entryId: 'demo-grant',
              amount: DEMO_STARTING_BALANCE,
              reason: 'grant',
              note: 'The live demo issuer’s certificates',
              by: 'demo',
            })
            .params(),
        ),
      ]);
    } catch (err) {
      // Another call made it first.
      if (!cancellationReasons(err)) throw err;
    }
  }
  // The mails carry the issuer's logo like any organisation's. Written once per process: the demo's
  // private files expire (infra/resources.ts), the logo with them.
  await putObject('artefacts', logoKey, DEMO_LOGO_PNG, 'image/png');
  const settings = await getOrgSettings(DEMO_ORG_ID);
  if (!settings.logoKey) {
    await setOrgSettings(DEMO_ORG_ID, {
      logoKey,
      logoContentType: 'image/png',
      issuername: DEMO_ISSUER_NAME,
      blockchain: DEMO_BLOCKCHAIN,
    });
  }
  return (await getOrg(DEMO_ORG_ID))!;
};

/** The demo issuer, made if it does not exist yet (once per process once it does). */
export const demoIssuer = (): Promise<OrgRecord> => {
  ready ??= makeDemoIssuer().catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
};
