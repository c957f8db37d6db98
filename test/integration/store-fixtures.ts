import type { LocalCloudInfo } from '../../infra/local/cloud';
import { cloud } from './helpers';

/**
 * Records written as the back end's store writes them (its ElectroDB entities, which read only
 * what they wrote), for states no API call can make. The store binds to the table of the
 * environment it finds, so a test file uses one local cloud here (as engine.ts does).
 */
export const storeOf = async (c: LocalCloudInfo = cloud()) => {
  Object.assign(process.env, c.functionEnv);
  const [{ runs }, { recipients }, { oneTimeCodes }] = await Promise.all([
    import('../../functions/src/store/runs'),
    import('../../functions/src/store/recipients'),
    import('../../functions/src/store/one-time-codes'),
  ]);
  return { runs, recipients, oneTimeCodes };
};
