import { describe, expect, it } from 'vitest';
import {
  addSecurity,
  blankDraft,
  draftComplete,
  draftFromModel,
  modelTargets,
  scaleDraft,
  scaledTo100,
  setWeight,
  totalPercent,
} from './build-draft.ts';
import { fundId, sampleModel } from './test/builder.fixtures.ts';

const vti = { id: fundId('VTI'), symbol: 'VTI', name: 'Vanguard Total Stock Market ETF' };
const agg = { id: fundId('AGG'), symbol: 'AGG', name: 'iShares Core US Aggregate Bond ETF' };
const gld = { id: fundId('GLD'), symbol: 'GLD', name: 'SPDR Gold Shares' };

describe('a build draft', () => {
  it('scales weights in proportion to exactly 100, the rounding going to the largest', () => {
    expect(scaledTo100([1, 1, 1])).toEqual([33.34, 33.33, 33.33]);
    expect(scaledTo100([30, 15])).toEqual([66.67, 33.33]);
    expect(scaledTo100([0.2, 0.5, 0.3])).toEqual([20, 50, 30]);
    expect(scaledTo100([0, 0])).toEqual([0, 0]);
  });

  it('is complete only when every weight is valid and they add up to 100 %', () => {
    let draft = [vti, agg, gld].reduce(addSecurity, blankDraft);
    expect(draft.weights).toEqual({ [vti.id]: '100', [agg.id]: '0', [gld.id]: '0' });
    draft = setWeight(setWeight(setWeight(draft, vti.id, '33.333'), agg.id, '33.333'), gld.id, '33.333');
    expect(totalPercent(draft)).toBeCloseTo(99.999, 6);
    expect(draftComplete(draft)).toBe(false);
    draft = scaleDraft(draft);
    expect(draftComplete(draft)).toBe(true);
    expect(modelTargets(draft).reduce((sum, target) => sum + target.weight, 0)).toBeCloseTo(1, 12);
    expect(draftComplete(setWeight(draft, agg.id, '-1'))).toBe(false);
  });

  it('adds a security once and leaves out zero weights from the targets', () => {
    const draft = addSecurity(addSecurity(addSecurity(blankDraft, vti), agg), vti);
    expect(draft.securities.map((security) => security.symbol)).toEqual(['VTI', 'AGG']);
    expect(modelTargets(draft)).toEqual([{ security_id: vti.id, weight: 1 }]);
  });

  it('opens a model with its weights in percent', () => {
    const draft = draftFromModel(sampleModel({}, [0.35, 0.65]));
    expect(draft.kind).toBe('security');
    expect(draft.weights).toEqual({ [vti.id]: '35', [agg.id]: '65' });
    expect(draft.model?.sync_version).toBe(3);
  });
});
