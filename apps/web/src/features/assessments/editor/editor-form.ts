import type { UseFormReturn } from 'react-hook-form';
import type { TemplateCreate } from '@meridian/domain/assessments/template-definition';
import type { TemplateDraft } from './template-draft.ts';

/** What the editor's parts need of its form: the inputs' bindings and the values as they stand (for free keys). */
export type EditorForm = Pick<UseFormReturn<TemplateDraft, unknown, TemplateCreate>, 'control' | 'register' | 'getValues'>;

/** Where a section's and a question's fields are in the form (and in the body it sends). */
export const sectionPath = (index: number) => `definition.sections.${index}` as const;
export const questionPath = (sectionIndex: number, index: number) => `${sectionPath(sectionIndex)}.questions.${index}` as const;
export type QuestionPath = ReturnType<typeof questionPath>;
