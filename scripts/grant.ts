// `npm run grant -- --org <org id> --count <n> --reason "…" --key <ticket> [--by <name>]`: the product
// team gives an organisation certificates. The grant, the balance change and its ledger entry are
// one transaction; the key (the ticket or request it answers) makes the command safe to run again:
// the same key gives nothing more, and the same key with another count is refused. A negative count
// takes certificates back (a correction). `--by` defaults to the signed-in system user.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { useProductTable } from './product-table';

const { values } = parseArgs({
  options: {
    org: { type: 'string' },
    count: { type: 'string' },
    reason: { type: 'string' },
    key: { type: 'string' },
    by: { type: 'string' },
  },
});

const systemUser = () => {
  try {
    return os.userInfo().username;
  } catch {
    return undefined; // no account entry for this user id (some containers)
  }
};

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const main = async () => {
  const count = Number(values.count);
  if (!values.org || !values.count || !Number.isInteger(count) || !values.reason || !values.key) {
    fail('Usage: npm run grant -- --org <org id> --count <certificates> --reason "…" --key <ticket or request id> [--by <name>]');
  }
  const where = useProductTable();
  const { grantCertificates } = await import('../functions/src/domain/billing/grants');
  const by = values.by ?? process.env.USER ?? systemUser();
  if (!by) fail('Say who gives the grant: --by <name>.');
  const out = await grantCertificates(values.org!, { key: values.key!, count, reason: values.reason!, by: by! });
  console.log(
    out.granted
      ? `Granted ${out.count} certificates to ${values.org} in ${where} (key ${values.key}). Balance: ${out.balance}.`
      : `Already granted under key ${values.key} on ${out.at} (${out.count} certificates): nothing changed. Balance: ${out.balance}.`,
  );
};

main().catch((err: Error) => fail(err.message));
