import type { BandStatus } from '@meridian/domain/ipq/contracts';

/** What became of a questionnaire's band proposal, as a short label. */
export const bandStatusLabels: Record<BandStatus, string> = {
  applied: 'Applied',
  awaiting_confirmation: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  kept: 'Current band kept',
  superseded: 'Superseded',
};
