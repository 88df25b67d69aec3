import { describe, expect, it } from 'vitest';
import type { PredictionResponse } from '@meridian/domain/ipq/contracts';
import { logout } from '../session/index.ts';
import {
  draftSaved,
  initialIpqState,
  ipqSlice,
  moduleCompleted,
  moduleOpened,
  predictionCached,
  sessionLoaded,
  validationFailed,
  type IpqState,
} from './ipq-slice.ts';
import { moduleForms, savedModulesOf } from './module-values.ts';
import { clientId, moderateAnswers, olderSessionId, sampleResults, sampleSession, sessionId } from './test/ipq.fixtures.ts';

const reduce = (actions: Parameters<typeof ipqSlice.reducer>[1][], state: IpqState = initialIpqState()) =>
  actions.reduce(ipqSlice.reducer, state);
const loaded = (saved: number, id = sessionId) => {
  const session = sampleSession(saved, { session_id: id });
  return sessionLoaded({ clientId, session, saved: savedModulesOf(session) });
};
const completed = (moduleNumber: number) => moduleCompleted({ moduleNumber, data: {}, savedAt: '2026-11-27T10:00:00.000Z' });

describe('questionnaire state', () => {
  it('starts empty at module 1', () => {
    expect(reduce([])).toMatchObject({ sessionId: null, currentModule: 1, progress: 0, isCompleted: false });
  });

  it('counts 25 % per module saved and is complete after the fourth', () => {
    let state = reduce([loaded(0)]);
    const seen = [1, 2, 3, 4].map((moduleNumber) => {
      state = reduce([completed(moduleNumber)], state);
      return [state.progress, state.isCompleted, state.currentModule];
    });
    expect(seen).toEqual([
      [25, false, 2],
      [50, false, 3],
      [75, false, 4],
      [100, true, 4],
    ]);
    expect(state.modules.assetAllocation).toMatchObject({ isCompleted: true, lastSaved: '2026-11-27T10:00:00.000Z', validationErrors: {} });
  });

  it("opens a resumed session at the server's module, with the saved answers as form values", () => {
    const state = reduce([loaded(2)]);
    expect(state).toMatchObject({ sessionId, clientId, currentModule: 3, progress: 50, isCompleted: false });
    expect(state.modules.personality.isCompleted).toBe(true);
    expect(state.modules.beliefs.data).toMatchObject({
      reference_amount: '10000',
      gamble_accepts: ['decline', 'accept', 'accept', 'accept'],
      drawdown_reaction: 'hold',
    });
    expect(state.modules.assetAllocation).toMatchObject({ isCompleted: false, data: null });
  });

  it("keeps the drafts of unsaved modules across a reload, but the server's copy wins for saved ones", () => {
    const draft = { ...moduleForms.personality.fromData(moderateAnswers.personality), answers: { p01: '5' } };
    const typed = { ...moduleForms.asset_allocation.empty(), retirement_wealth: '1000' };
    const before = reduce([
      loaded(1),
      draftSaved({ moduleNumber: 1, data: draft, savedAt: 'x' }),
      draftSaved({ moduleNumber: 3, data: typed, savedAt: 'y' }),
    ]);
    expect(before.autoSave.lastDraftSaved).toBe('y');
    const after = reduce([loaded(1)], before);
    expect(after.modules.personality.data).toEqual(moduleForms.personality.fromData(moderateAnswers.personality));
    expect(after.modules.assetAllocation.data).toEqual(typed);
  });

  it('starts afresh for another session, and forgets everything on sign-out', () => {
    const first = reduce([loaded(3), validationFailed({ moduleNumber: 4, errors: { age: 'Enter an age from 18 to 110' } })]);
    expect(first.modules.demographics.validationErrors).toEqual({ age: 'Enter an age from 18 to 110' });
    const other = reduce([loaded(0, olderSessionId)], first);
    expect(other).toMatchObject({ sessionId: olderSessionId, progress: 0, currentModule: 1 });
    expect(other.modules.demographics.validationErrors).toEqual({});
    expect(reduce([logout(undefined)], first)).toEqual(initialIpqState());
  });

  it('moves between modules 1-4 only', () => {
    expect(reduce([loaded(3), moduleOpened(2)]).currentModule).toBe(2);
    expect(reduce([loaded(3), moduleOpened(5)]).currentModule).toBe(4);
  });

  it('keeps each prediction by session until it expires', () => {
    const { prediction } = sampleResults();
    const result: PredictionResponse = {
      ...prediction,
      user_id: clientId,
      session_id: sessionId,
      recommended_model: null,
      cached: false,
      computed_at: '2026-11-27T10:00:00.000Z',
      expires_at: '2026-11-28T10:00:00.000Z',
    };
    const state = reduce([predictionCached(result)]);
    expect(state.prediction).toEqual(result);
    expect(state.predictionCache[sessionId]).toEqual({ result, timestamp: result.computed_at, expiresAt: result.expires_at });
  });
});
