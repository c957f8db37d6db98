import { organisations } from '../store/organisations';
import { written, rowsWrittenBeforeEntities as earlierRows } from '../store/table';

/**
 * Once-only moments of an organisation, kept as ISO times on its row: the first edition of each
 * status list was requested (`<list>ListRequestedAt`) and was published (`<list>ListPublishedAt`).
 * The list names: `revocation` and `suspension` (Blockcerts form) and `w3cRevocation` (W3C form).
 */
export type OnceMarker =
  | 'w3cRevocationListRequestedAt'
  | 'w3cRevocationListPublishedAt'
  | 'revocationListRequestedAt'
  | 'revocationListPublishedAt'
  | 'suspensionListRequestedAt'
  | 'suspensionListPublishedAt';

/** Sets the marker now: true for the first caller only. */
export const claimOnce = (orgId: string, marker: OnceMarker): Promise<boolean> =>
  written(
    organisations()
      .patch({ orgId })
      .set({ [marker]: new Date().toISOString() })
      .where((attr, { notExists }) => notExists(attr[marker]))
      .go(),
  );

/** Unsets a marker claimed by a step that then failed, so that the step is asked for again. */
export const releaseOnce = async (orgId: string, marker: OnceMarker): Promise<void> => {
  await organisations().patch({ orgId }).remove([marker]).go();
};

/** Which of these markers the organisation has not set yet. */
export const markersMissing = async (orgId: string, markers: readonly OnceMarker[]): Promise<OnceMarker[]> => {
  const org = (await organisations().get({ orgId }).go({ consistent: true, attributes: [...markers], ...earlierRows })).data;
  return markers.filter((m) => !org?.[m]);
};
