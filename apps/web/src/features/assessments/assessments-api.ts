import type {
  AnswersUpdate,
  AssessmentDetail,
  AssessmentList,
  AssignmentResult,
  TemplateDetail,
  TemplateSummary,
} from '@meridian/domain/assessments/contracts';
import type { ResponseStatus, TemplateCreate, TemplateDefinitionInput } from '@meridian/domain/assessments/template-definition';
import type { ClientListResponse } from '@meridian/domain/clients/contracts';
import { api } from '../../app/api.ts';
import { clientListTag, clientTag } from '../../app/cache-tags.ts';
import { assessmentListTag, assessmentTag, templateListTag, templateTag } from './assessment-tags.ts';

type AssessmentListArgs = {
  page: number;
  per_page: number;
  status?: ResponseStatus | undefined;
  template_id?: string | undefined;
  advisor_id?: string | undefined;
  search?: string | undefined;
  overdue?: boolean | undefined;
};

/** A template as an admin sends it: the definition before its defaults (weights) are filled in. */
type TemplateBody = Omit<TemplateCreate, 'definition'> & { definition: TemplateDefinitionInput };
type TemplateUpdateArgs = {
  id: string;
  name?: string;
  description?: string | null;
  definition?: TemplateDefinitionInput;
  is_active?: boolean;
  sync_version: number;
};
type AssignArgs = { templateId: string; client_ids: string[]; due_date?: string | null };
type SaveAnswersArgs = AnswersUpdate & { assessment: Pick<AssessmentDetail, 'id' | 'client_id' | 'template_id'> };

/** Query parameters without the empty ones (false `overdue` means "any", so it is left out too). */
function listParams(args: AssessmentListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === '' || value === false) continue;
    params[key] = typeof value === 'boolean' ? String(value) : value;
  }
  return params;
}

const path = (id: string) => encodeURIComponent(id);

/** Assessment templates (the manager, assignments) and assessments (the book's responses and their answers). */
const assessmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTemplates: build.query<{ templates: TemplateSummary[] }, void>({
      query: () => '/assessment-templates',
      providesTags: [templateListTag, clientListTag],
    }),
    getTemplate: build.query<TemplateDetail, string>({
      query: (id) => `/assessment-templates/${path(id)}`,
      providesTags: (_result, _error, id) => [templateTag(id), clientListTag],
    }),
    createTemplate: build.mutation<TemplateDetail, TemplateBody>({
      query: (body) => ({ url: '/assessment-templates', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [templateListTag]),
    }),
    /** A 409 answers the current template: its views are refreshed too. */
    updateTemplate: build.mutation<TemplateDetail, TemplateUpdateArgs>({
      query: ({ id, ...body }) => ({ url: `/assessment-templates/${path(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) =>
        error && error.status !== 409 ? [] : [templateTag(id), templateListTag, assessmentListTag],
    }),
    assignTemplate: build.mutation<AssignmentResult, AssignArgs>({
      query: ({ templateId, ...body }) => ({ url: `/assessment-templates/${path(templateId)}/assignments`, method: 'POST', body }),
      invalidatesTags: (_result, error, { templateId, client_ids }) =>
        error ? [] : [assessmentListTag, templateListTag, templateTag(templateId), clientListTag, ...client_ids.map(clientTag)],
    }),
    listAssessments: build.query<AssessmentList, AssessmentListArgs>({
      query: (args) => ({ url: '/assessments', params: listParams(args) }),
      // The investor questionnaire's writes name the client lists: its rows here follow them.
      providesTags: (result) => [assessmentListTag, clientListTag, ...(result?.assessments.map((each) => assessmentTag(each.id)) ?? [])],
    }),
    getAssessment: build.query<AssessmentDetail, string>({
      query: (id) => `/assessments/${path(id)}`,
      providesTags: (_result, _error, id) => [assessmentTag(id)],
    }),
    /** A 409 (stale or complete) refetches the assessment too. */
    saveAnswers: build.mutation<AssessmentDetail, SaveAnswersArgs>({
      query: ({ assessment, ...body }) => ({ url: `/assessments/${path(assessment.id)}/answers`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { assessment }) => {
        if (error && error.status !== 409) return [];
        return [
          assessmentTag(assessment.id),
          assessmentListTag,
          templateListTag,
          templateTag(assessment.template_id),
          clientTag(assessment.client_id),
          clientListTag,
        ];
      },
    }),
    /** The clients an assessment can be assigned to: the first matches of the client search. */
    assessmentClientOptions: build.query<ClientListResponse, string>({
      query: (search) => ({ url: '/clients', params: { ...(search ? { search } : {}), per_page: 20, sort: 'name', order: 'asc' } }),
      providesTags: [clientListTag],
    }),
  }),
});

export const {
  useListTemplatesQuery,
  useGetTemplateQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useAssignTemplateMutation,
  useListAssessmentsQuery,
  useGetAssessmentQuery,
  useSaveAnswersMutation,
  useAssessmentClientOptionsQuery,
} = assessmentsApi;
