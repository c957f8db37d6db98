import { badRequest, conflict, notFound } from '@proofmark/shared/errors';
import { plan as planSchema, type Plan } from '@proofmark/shared/contract/billing';
import { plans } from '../../store/plans';
import { written } from '../../store/table';
import { defaultPlans } from './plan-catalogue';

export interface StoredPlan extends Plan {
  active: boolean;
  createdAt: string;
  retiredAt?: string;
}

const asPlan = (p: StoredPlan): Plan => planSchema.parse(p);

/** Every plan, retired ones too, in the order they are shown. */
export const listPlans = async (): Promise<StoredPlan[]> => {
  const { data } = await plans().query.byId({}).go({ pages: 'all' });
  return (data as StoredPlan[]).sort((a, b) => a.sortOrder - b.sortOrder || a.planId.localeCompare(b.planId));
};

/** What may be bought now (/Plans, the landing page's pricing). */
export const activePlans = async (): Promise<Plan[]> =>
  (await listPlans()).filter((p) => p.active).map(asPlan);

/** The plan a checkout buys: unknown and retired plans are refused with a 400 naming them. */
export const sellablePlan = async (planId: string): Promise<Plan> => {
  const { data } = await plans().get({ planId }).go({ consistent: true });
  if (!data) throw badRequest(`There is no plan "${planId}".`);
  if (!data.active) throw badRequest(`The plan "${planId}" is no longer offered.`);
  return asPlan(data as StoredPlan);
};

/** Any plan, retired too (a purchase's receipt names the plan it bought). */
export const getPlan = async (planId: string): Promise<StoredPlan | undefined> =>
  ((await plans().get({ planId }).go({ consistent: true })).data as StoredPlan | null) ?? undefined;

/** Adds a plan; its id must be new (a changed price is a new plan, so receipts stay true). */
export const addPlan = async (input: Plan): Promise<void> => {
  const p = planSchema.parse(input);
  const created = await written(
    plans()
      .create({ ...p, active: true, createdAt: new Date().toISOString() })
      .go({ response: 'none' }),
  );
  if (!created) throw conflict(`A plan "${p.planId}" exists already (retired plans keep their id).`);
};

/** Stops offering a plan; payments already made for it stay as they are. */
export const retirePlan = async (planId: string): Promise<void> => {
  const done = await written(
    plans()
      .patch({ planId })
      .set({ active: false, retiredAt: new Date().toISOString() })
      .go({ response: 'none' }),
  );
  if (!done) throw notFound(`There is no plan "${planId}".`);
};

/**
 * Provisioning: writes the default plans that are not in the catalogue yet (never overwrites one
 * the product team changed or retired). Safe to run at every start.
 */
export const seedPlans = async (): Promise<number> => {
  let added = 0;
  for (const p of defaultPlans) {
    const created = await written(
      plans()
        .create({ ...p, active: true, createdAt: new Date().toISOString() })
        .go({ response: 'none' }),
    );
    if (created) added++;
  }
  return added;
};
