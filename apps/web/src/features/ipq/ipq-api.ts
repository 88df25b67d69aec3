import type { BandDecision, BandDecisionResponse, IpqResults, IpqSession, IpqSessionList } from '@meridian/domain/ipq/contracts';
import { api } from '../../app/api.ts';
import { clientChanged, clientTag, recommendationListTag } from '../../app/cache-tags.ts';

type StartArgs = { clientId: string; source: 'advisor_portal' | 'client_portal' };
type ModuleArgs = { sessionId: string; clientId: string; moduleNumber: number; data: Record<string, unknown> };
type ResultsArgs = { sessionId: string; clientId: string };
type BandArgs = ResultsArgs & BandDecision;

const session = (id: string) => `/ipq/assessments/${encodeURIComponent(id)}`;

/**
 * The investor personality questionnaire (/ipq). A client's questionnaires are part of their
 * record (`Client/<id>`): their list and results provide that tag, and every write invalidates it.
 * Starting one moves the client's assessment status, which every view over many clients shows too;
 * completing one may set the band; deciding a band reviews the client's recommendations.
 */
const ipqApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Starts the client's questionnaire, or resumes the open one with its answers so far. */
    startIpq: build.mutation<IpqSession, StartArgs>({
      query: ({ clientId, source }) => ({
        url: '/ipq/start',
        method: 'POST',
        body: { clientId, metadata: { source, startTime: new Date().toISOString() } },
      }),
      invalidatesTags: (_result, error, { clientId }) => (error ? [] : clientChanged(clientId)),
    }),
    submitIpqModule: build.mutation<IpqSession, ModuleArgs>({
      query: ({ sessionId, moduleNumber, data }) => ({ url: `${session(sessionId)}/modules/${moduleNumber}`, method: 'POST', body: data }),
      invalidatesTags: (result, _error, { clientId }) => {
        if (!result) return [];
        return result.status === 'complete' ? clientChanged(clientId) : [clientTag(clientId)];
      },
    }),
    clientAssessments: build.query<IpqSessionList, string>({
      query: (clientId) => `/ipq/clients/${encodeURIComponent(clientId)}/assessments`,
      providesTags: (_result, _error, clientId) => [clientTag(clientId)],
    }),
    comprehensiveResults: build.query<IpqResults, ResultsArgs>({
      query: ({ sessionId }) => `${session(sessionId)}/comprehensive-results`,
      providesTags: (_result, _error, { clientId }) => [clientTag(clientId)],
    }),
    /** A 409 (decided meanwhile, or superseded) refetches too, so the page shows what stands. */
    decideBand: build.mutation<BandDecisionResponse, BandArgs>({
      query: ({ sessionId, decision, note }) => ({ url: `${session(sessionId)}/risk-band`, method: 'POST', body: { decision, note } }),
      invalidatesTags: (result, error, { clientId }) => {
        if (result) return [...clientChanged(clientId), recommendationListTag];
        return error?.status === 409 ? [clientTag(clientId)] : [];
      },
    }),
  }),
});

export const {
  useStartIpqMutation,
  useSubmitIpqModuleMutation,
  useClientAssessmentsQuery,
  useComprehensiveResultsQuery,
  useDecideBandMutation,
} = ipqApi;
