import { describe, expect, it } from 'vitest';
import { riskBands } from '../model-portfolios/contracts.ts';
import { bandsOfRiskLevel, derivedRiskProfile, riskBandLabel, riskLevelOfBand } from './risk-band.ts';

describe('the risk band and the three-level profile derived from it', () => {
  it('maps the five bands to three levels: the two conservative bands low, moderate medium, the two aggressive high', () => {
    expect(riskBands.map((band) => riskLevelOfBand(band))).toEqual(['low', 'low', 'medium', 'high', 'high']);
    expect(riskLevelOfBand(null)).toBeNull();
  });

  it('names the bands a three-level value stands for', () => {
    expect(bandsOfRiskLevel('low')).toEqual(['conservative', 'moderately_conservative']);
    expect(bandsOfRiskLevel('medium')).toEqual(['moderate']);
    expect(bandsOfRiskLevel('high')).toEqual(['moderately_aggressive', 'aggressive']);
  });

  it('labels a client without a band "Not assessed", never Moderate', () => {
    expect(riskBandLabel(null)).toBe('Not assessed');
    expect(riskBandLabel('moderately_aggressive')).toBe('Moderately aggressive');
    expect(derivedRiskProfile(null)).toBeNull();
  });

  it('says where the chip comes from', () => {
    expect(derivedRiskProfile('moderately_aggressive')).toEqual({
      profile: 'Aggressive',
      derivation: 'Derived from the risk band Moderately aggressive',
    });
    expect(derivedRiskProfile('moderately_conservative')?.profile).toBe('Conservative');
  });
});
