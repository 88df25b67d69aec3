import { describe, expect, it } from 'vitest';
import { changedFields, rebaseDraft, type DraftModel } from './record-draft.ts';

type Account = { name: string; owner: { id: string; label: string }; note: string; version: number };
type Draft = { name: string; owner: { id: string; label: string }; note: string; version: number };

const model: DraftModel<Account, Draft, 'name' | 'owner' | 'note'> = {
  draftOf: (account) => ({ ...account, owner: { ...account.owner } }),
  fields: ['name', 'owner', 'note'],
  comparedValue: (draft, field) => (field === 'owner' ? draft.owner.id : draft[field]),
};

const base: Account = { name: 'Growth', owner: { id: 'o1', label: 'Ana' }, note: '', version: 1 };

describe('record drafts', () => {
  it('names the fields whose compared value differs from the record', () => {
    const draft = { ...model.draftOf(base), name: 'Income', owner: { id: 'o1', label: 'another label, same owner' } };
    expect([...changedFields(model, draft, base)]).toEqual(['name']);
  });

  it('keeps the user’s edits and takes the other fields and the version from the current record', () => {
    const draft = { ...model.draftOf(base), name: 'Income' };
    const current: Account = { name: 'Growth', owner: { id: 'o2', label: 'Ben' }, note: 'moved to Ben', version: 2 };
    expect(rebaseDraft(model, draft, base, current)).toEqual({
      name: 'Income',
      owner: { id: 'o2', label: 'Ben' },
      note: 'moved to Ben',
      version: 2,
    });
  });

  it('keeps an edit that undid the other change as the user’s own value', () => {
    const draft = { ...model.draftOf(base), note: 'kept' };
    const current: Account = { ...base, note: 'theirs', version: 3 };
    expect(rebaseDraft(model, draft, base, current)).toMatchObject({ note: 'kept', version: 3 });
  });
});
