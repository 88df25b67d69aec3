import type { QuestionDraft, SectionDraft, TemplateDraft } from './template-draft.ts';

/**
 * A change to the draft, applied to the latest one (a functional update). The form's is stable, so
 * sections and questions that did not change need not render again (they are memoised).
 */
export type DraftUpdate = (change: (draft: TemplateDraft) => TemplateDraft) => void;

export function updateSection(update: DraftUpdate, index: number, change: (section: SectionDraft) => SectionDraft) {
  update((draft) => ({ ...draft, sections: replaceAt(draft.sections, index, change(draft.sections[index] as SectionDraft)) }));
}

export function updateQuestion(
  update: DraftUpdate,
  sectionIndex: number,
  index: number,
  change: (question: QuestionDraft) => QuestionDraft,
) {
  updateSection(update, sectionIndex, (section) => ({
    ...section,
    questions: replaceAt(section.questions, index, change(section.questions[index] as QuestionDraft)),
  }));
}

/** Whether the messages at and below `prefix` are the same in both. */
export function sameErrors(a: Record<string, string>, b: Record<string, string>, prefix: string): boolean {
  const below = (errors: Record<string, string>) =>
    Object.entries(errors)
      .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
      .map(([path, message]) => `${path}\u0000${message}`)
      .join('\u0001');
  return a === b || below(a) === below(b);
}

// Edits of the editor's lists (sections, questions, options) that leave the list given as it was.

/** The list with one item moved by `offset` places (kept within the list). */
export function moveItem<T>(list: readonly T[], index: number, offset: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, index + offset));
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

export const replaceAt = <T>(list: readonly T[], index: number, item: T): T[] => list.map((each, at) => (at === index ? item : each));
export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_each, at) => at !== index);
