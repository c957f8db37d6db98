import {
  competencyPartnerUpdate,
  contactUpdate,
  gasUpdate,
  issuerUpdate,
  stripeUpdate,
  verificationCurrencies,
} from '@proofmark/shared/contract/profile';
import type { FieldsBlockSpec } from './FieldsBlock';

/** Issuer information written into certificates; URLs lose trailing slashes (spec §5). */
export const issuerBlock: FieldsBlockSpec = {
  settingKey: 'issuerinformation',
  schema: issuerUpdate,
  title: 'Issuer information',
  description:
    'How certificates name your organisation and where verifiers look it up. Trailing slashes are removed from URLs.',
  initialValues: (p) => ({
    issuername: p.issuername,
    issueremail: p.issueremail,
    issuerurl: p.issuerurl,
    revocationurl: p.revocationurl,
    verifybaseurl: p.verifybaseurl,
    baseurl: p.baseurl,
  }),
  fields: () => [
    { name: 'issuername', label: 'Issuer name' },
    { name: 'issueremail', label: 'Issuer email', placeholder: 'registrar@example.edu' },
    { name: 'issuerurl', label: 'Issuer URL', placeholder: 'https://' },
    { name: 'revocationurl', label: 'Revocation URL', placeholder: 'https://' },
    { name: 'verifybaseurl', label: 'Verify base URL', placeholder: 'https://' },
    { name: 'baseurl', label: 'Base URL', placeholder: 'https://' },
  ],
};

/** Gas price for Ethereum anchoring: at most 3 characters (spec §5). */
export const gasBlock: FieldsBlockSpec = {
  settingKey: 'gasinformation',
  schema: gasUpdate,
  title: 'Gas price',
  description:
    'The gas price offered when anchoring on Ethereum (at most 3 characters); empty uses the network’s price.',
  initialValues: (p) => ({ gasprice: p.gasprice }),
  fields: () => [{ name: 'gasprice', label: 'Gas price', placeholder: 'e.g. 30', maxLength: 3, md: 24 }],
};

/** The address recipients and verifiers are told to write to. */
export const contactBlock: FieldsBlockSpec = {
  settingKey: 'contactinformation',
  schema: contactUpdate,
  title: 'Contact email',
  description: 'Shown to recipients and verifiers who have questions.',
  initialValues: (p) => ({ contactemail: p.contactemail }),
  fields: () => [
    { name: 'contactemail', label: 'Contact email', placeholder: 'support@example.edu', md: 24 },
  ],
};

/** Payment provider (Stripe) keys for paid verification requests; the secret ones are write-only. */
export const paymentBlock: FieldsBlockSpec = {
  settingKey: 'stripeinformation',
  schema: stripeUpdate,
  title: 'Payment provider',
  description:
    'Your Stripe keys and fee for paid verification requests: employers pay your own Stripe account on your public verifier page. Without keys or a fee, requests are not taken online.',
  initialValues: (p) => ({
    publickey: p.stripepublickey,
    verificationfee: p.verificationfeecents === null ? '' : (p.verificationfeecents / 100).toFixed(2),
    verificationcurrency: p.verificationcurrency,
  }),
  fields: (p) => [
    { name: 'publickey', label: 'Public key', placeholder: 'pk_…', md: 24 },
    { name: 'secretkey', label: 'Secret key', secret: p.stripesecretkey },
    { name: 'productapikey', label: 'Product API key', secret: p.stripeproductapikey },
    { name: 'verificationfee', label: 'Verification request fee', placeholder: 'e.g. 25.00 (empty: none)', inputMode: 'decimal', maxLength: 12 },
    { name: 'verificationcurrency', label: 'Fee currency', placeholder: `usd (${verificationCurrencies.join(', ')})`, maxLength: 3 },
  ],
};

/** The competency partner named on certificates ('Competency name is required!'). */
export const competencyPartnerBlock: FieldsBlockSpec = {
  settingKey: 'competencypartnerinformation',
  schema: competencyPartnerUpdate,
  title: 'Competency partner',
  initialValues: (p) => ({
    competencyname: p.competencypartner?.competencyname ?? '',
    description: p.competencypartner?.description ?? '',
  }),
  fields: () => [
    { name: 'competencyname', label: 'Competency name', md: 24 },
    { name: 'description', label: 'Description', md: 24, multiline: true },
  ],
};
