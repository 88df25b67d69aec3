import type { ResponseStatus } from '@meridian/domain/assessments/template-definition';

/** The list's filters as chosen: '' is "all". */
export type AssessmentFilterState = {
  status: ResponseStatus | '';
  templateId: string;
  advisorId: string;
  search: string;
  overdue: boolean;
};

export const noFilters: AssessmentFilterState = { status: '', templateId: '', advisorId: '', search: '', overdue: false };
