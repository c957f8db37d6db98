import type { PurchaseData } from '@proofmark/shared/contract/billing';
import { badRequest, notFound } from '@proofmark/shared/errors';
import { organisations } from '../../store/organisations';
import { payments } from '../../store/payments';
import { A4, onePagePdf, type PdfText } from './one-page-pdf';

/**
 * The plans an organisation bought (payments the signed webhook credited), newest first, and each
 * one's receipt as a PDF: organisation, plan, quantity, tax, amount, date and payment id (§2's order
 * summary, as paid). Checkouts that were never paid are not purchases and have no receipt.
 */
const MAX_PAYMENTS_READ = 1000;

/** The parts of a payment record (store/payments.ts) a purchase shows. */
interface PaidRecord {
  paymentId: string;
  planName: string;
  certificates: number;
  amountCents: number;
  currency: string;
  createdAt: string;
  succeededAt?: string;
  refundedCents?: number;
  takenBack?: number;
}

const asPurchase = (p: PaidRecord): PurchaseData => ({
  paymentId: p.paymentId,
  planName: p.planName,
  certificates: p.certificates,
  amountCents: p.amountCents,
  currency: p.currency,
  paidAt: p.succeededAt ?? p.createdAt,
  refundedCents: p.refundedCents ?? 0,
  takenBack: p.takenBack ?? 0,
});

export const listPurchases = async (orgId: string): Promise<PurchaseData[]> => {
  const { data } = await payments().query.byId({ orgId }).go({ limit: MAX_PAYMENTS_READ });
  return data
    .filter((p) => p.purchased)
    .map(asPurchase)
    .sort((a, b) => b.paidAt.localeCompare(a.paidAt));
};

/** An amount as a receipt shows it: always with its cents ($39.00). */
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';

/** The receipt's lines, top to bottom: label and value. */
export const receiptLines = (org: { name: string; url?: string }, p: PurchaseData): [string, string][] => [
  ['Organisation', org.name],
  ['Date paid', longDate(p.paidAt)],
  ['Payment id', p.paymentId],
  ['Plan', `${p.planName} (${p.certificates} certificates)`],
  ['Quantity', '1'],
  ['Tax', money(0, p.currency)],
  ['Total paid', money(p.amountCents, p.currency)],
  ...(p.refundedCents > 0
    ? ([['Refunded', `${money(p.refundedCents, p.currency)} (${p.takenBack} certificates taken back)`]] as [string, string][])
    : []),
];

export const purchaseReceipt = async (orgId: string, paymentId: string) => {
  const { data: p } = await payments().get({ orgId, paymentId }).go({ consistent: true });
  if (!p) throw notFound('No such payment.');
  if (!p.purchased) throw badRequest('This payment was not completed: it has no receipt.');
  const { data: org } = await organisations().get({ orgId }).go();
  if (!org) throw notFound('No such organisation.');
  const purchase = asPurchase(p);
  const left = 72;
  const texts: PdfText[] = [
    { text: 'Proofmark', x: left, y: A4.height - 90, size: 12, bold: true, grey: 0.35 },
    { text: 'Receipt', x: left, y: A4.height - 125, size: 26, bold: true },
  ];
  let y = A4.height - 180;
  for (const [label, value] of receiptLines(org, purchase)) {
    texts.push({ text: label, x: left, y, size: 11, grey: 0.4 }, { text: value, x: left + 130, y, size: 11, bold: label === 'Total paid' });
    y -= 24;
  }
  texts.push({
    text: `Paid by card through Stripe. The ${purchase.certificates} certificates were added to the organisation's balance.`,
    x: left,
    y: y - 20,
    size: 9,
    grey: 0.4,
  });
  const pdf = onePagePdf(texts, [{ x1: left, x2: A4.width - left, y: A4.height - 150 }], `Proofmark receipt ${paymentId}`);
  return {
    filename: `proofmark-receipt-${purchase.paidAt.slice(0, 10)}-${paymentId}.pdf`,
    contentType: 'application/pdf' as const,
    base64: pdf.toString('base64'),
  };
};
