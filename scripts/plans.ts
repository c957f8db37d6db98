// `npm run plans -- list | add … | retire --id <plan> | seed`: the plan catalogue, changed without a deploy.
//   npm run plans -- list
//   npm run plans -- add --id campus --name Campus --price 149 --certificates 1000 \
//     [--currency usd] [--description "…"] [--feature "…"]… [--sort 40] [--highlighted]
//   npm run plans -- retire --id starter
//   npm run plans -- seed [--outputs cdk.out/outputs.json]
// A price change is a new plan (and the old one retired), so earlier receipts keep naming what was paid.
// `seed` writes the first plans that are missing (never over a change): the local cloud does it at every
// start, `npm run deploy` after every deploy (with the outputs file `cdk deploy` wrote).
import { parseArgs } from 'node:util';
import { formatPrice } from '@proofmark/shared/contract/billing';
import { useProductTable } from './product-table';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    id: { type: 'string' },
    name: { type: 'string' },
    price: { type: 'string' },
    currency: { type: 'string', default: 'usd' },
    certificates: { type: 'string' },
    description: { type: 'string', default: '' },
    feature: { type: 'string', multiple: true, default: [] },
    sort: { type: 'string', default: '100' },
    highlighted: { type: 'boolean', default: false },
    outputs: { type: 'string' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const main = async () => {
  const where = useProductTable(values.outputs);
  const { listPlans, addPlan, retirePlan, seedPlans } = await import('../functions/src/domain/billing/plans');
  const command = positionals[0];
  if (command === 'list') {
    console.log(`Plans in ${where}:`);
    for (const p of await listPlans()) {
      const state = p.active ? 'active' : `retired ${p.retiredAt ?? ''}`;
      console.log(
        `  ${p.planId.padEnd(16)} ${p.name.padEnd(16)} ${formatPrice(p.priceCents, p.currency).padStart(8)}  ` +
          `${String(p.certificates).padStart(6)} certificates  ${state}`,
      );
    }
  } else if (command === 'add') {
    const certificates = Number(values.certificates);
    const price = Number(values.price);
    if (!values.id || !values.name || !Number.isFinite(price) || !Number.isInteger(certificates)) {
      fail('add needs --id, --name, --price (e.g. 49 or 49.50) and --certificates.');
    }
    await addPlan({
      planId: values.id!,
      name: values.name!,
      description: values.description,
      priceCents: Math.round(price * 100),
      currency: values.currency.toLowerCase(),
      certificates,
      entries: [{ count: certificates, name: 'certificates' }],
      features: values.feature,
      highlighted: values.highlighted,
      sortOrder: Number(values.sort),
    });
    console.log(`Added plan ${values.id} to ${where}.`);
  } else if (command === 'retire') {
    if (!values.id) fail('retire needs --id.');
    await retirePlan(values.id!);
    console.log(`Retired plan ${values.id} in ${where}: no longer offered; its payments stay.`);
  } else if (command === 'seed') {
    const added = await seedPlans();
    console.log(`Seeded ${where}: ${added} of the first plans added (the others were there already).`);
  } else {
    fail('Usage: npm run plans -- list | add --id … --name … --price … --certificates … | retire --id … | seed');
  }
};

main().catch((err: Error) => fail(err.message));
