import { preloadable } from '../../routing/preloadable';

/**
 * The parts of My Profile that load when first shown. The tabs other than Profile and Setting
 * (the ones reached by address, which come with the page): with them the page took the team's and
 * billing's tables, the key pair's QR code and their forms, some twenty chunks more that a first
 * open waited for. And the Setting tab's last section, Transaction receipts: its table and pager
 * are the largest part of the tab's code, and nothing above it needs them.
 *
 * Imported by the entry (startRoute.ts starts a tab asked for by address together with the page)
 * and by the idle prefetch, not only by the page: so what these parts share with the page gets
 * chunks of its own instead of being exported by the page's chunk, which stays the page's alone
 * (the build manifest still names it after src/pages/MyProfile/index.tsx).
 */
export const profileTabs = {
  keypair: preloadable(() => import('./components/KeyPairTab').then((m) => ({ default: m.KeyPairTab }))),
  password: preloadable(() =>
    import('./components/ChangePasswordTab').then((m) => ({ default: m.ChangePasswordTab })),
  ),
  team: preloadable(() => import('./components/TeamTab').then((m) => ({ default: m.TeamTab }))),
  billing: preloadable(() => import('./components/BillingTab').then((m) => ({ default: m.BillingTab }))),
};

export type LazyTab = keyof typeof profileTabs;

export const isLazyTab = (tab: string | null): tab is LazyTab =>
  tab !== null && Object.hasOwn(profileTabs, tab);

export const transactionReceipts = preloadable(() =>
  import('./components/settings/TransactionReceiptsBlock').then((m) => ({
    default: m.TransactionReceiptsBlock,
  })),
);

/** Everything above, for the idle prefetch. */
export const lazyPartLoaders = [...Object.values(profileTabs), transactionReceipts].map((part) => part.load);
