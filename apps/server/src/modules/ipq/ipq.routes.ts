import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema, validationIssueSchema } from '@meridian/domain/auth/contracts';
import { pathId } from '@meridian/domain/shared/ids';
import {
  bandDecisionResponseSchema,
  bandDecisionSchema,
  ipqResultsSchema,
  ipqSessionListSchema,
  ipqSessionSchema,
  ipqStartSchema,
  predictionResponseSchema,
} from '@meridian/domain/ipq/contracts';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { ipqModuleLabels, ipqModuleNumber, ipqModules, type IpqModule } from '@meridian/domain/ipq/module-list';
import { ipqModuleSchemas } from '@meridian/domain/ipq/modules';
import { decideBand } from './ipq-completion.ts';
import { clientSessions, comprehensiveResults, getSession, predictionOf, startIpq, submitModule } from './ipq.service.ts';

const tags = ['ipq'];
const detail = detailResponseSchema;
const unprocessable = z.object({ detail: z.array(validationIssueSchema) }).or(detail);
const params = z.object({ sessionId: pathId('The questionnaire session id') });
const moduleParams = params.extend({
  moduleNumber: z.coerce
    .number({ error: ipqMessages.moduleNumberInvalid })
    .int({ error: ipqMessages.moduleNumberInvalid })
    .min(1, { error: ipqMessages.moduleNumberInvalid })
    .max(4, { error: ipqMessages.moduleNumberInvalid }),
});
const read = { access: 'signedIn' } as const;
const reach = "A client reaches their own questionnaires, an advisor their clients', an admin the firm's; anything else answers 404.";
/** Each module's operation, named for client generators (the path's number alone says nothing). */
const saveModuleOperationIds: Record<IpqModule, string> = {
  personality: 'saveIpqPersonalityModule',
  beliefs: 'saveIpqBeliefsModule',
  asset_allocation: 'saveIpqAssetAllocationModule',
  demographics: 'saveIpqDemographicsModule',
};
const saveModuleDescription =
  `${reach} Each answer is validated (422 naming every one at fault; nothing saved). Modules go in order; an earlier one may be ` +
  'answered again until the questionnaire is complete (then 409). The fourth completes it: the scores are kept and the risk band proposed.';

/** /ipq: the investor personality questionnaire, module by module, its results and its prediction. */
export const ipqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ipq/start',
    {
      schema: {
        tags,
        summary: "Start the client's questionnaire, or resume the open one where it stopped",
        description: `${reach} Answers 201 with a new session, or 200 with the open one, its answers and resume_at_module.`,
        body: ipqStartSchema,
        response: { 200: ipqSessionSchema, 201: ipqSessionSchema, 404: detail, 422: unprocessable },
      },
      config: read,
    },
    async (request, reply) => {
      const { session, created } = await startIpq(app, request, request.body);
      return reply.status(created ? 201 : 200).send(session);
    },
  );

  app.get(
    '/ipq/assessments/:sessionId',
    {
      schema: {
        tags,
        summary: 'A questionnaire session with its answers so far',
        description: reach,
        params,
        response: { 200: ipqSessionSchema, 404: detail },
      },
      config: read,
    },
    async (request) => getSession(app, app.currentUser(request), request.params.sessionId),
  );

  // One operation per module, each with its own body schema, at the paths the web app calls
  // (/modules/1 … /modules/4): find-my-way prefers these static paths to '/modules/:moduleNumber'.
  for (const module of ipqModules) {
    const moduleNumber = ipqModuleNumber(module);
    app.post(
      `/ipq/assessments/:sessionId/modules/${moduleNumber}`,
      {
        schema: {
          tags,
          operationId: saveModuleOperationIds[module],
          summary: `Save module ${moduleNumber}, ${ipqModuleLabels[module].toLowerCase()}`,
          description: saveModuleDescription,
          params,
          body: ipqModuleSchemas[module],
          response: { 200: ipqSessionSchema, 404: detail, 409: detail, 422: unprocessable },
        },
        config: read,
      },
      async (request) => submitModule(app, request, request.params.sessionId, moduleNumber, request.body),
    );
  }

  // Any other spelling of the module number ('01', '5'): the same operation, validated in the service; 422 outside 1-4.
  app.post(
    '/ipq/assessments/:sessionId/modules/:moduleNumber',
    {
      schema: { hide: true, params: moduleParams, body: z.record(z.string(), z.unknown()) },
      config: read,
    },
    async (request) => submitModule(app, request, request.params.sessionId, request.params.moduleNumber, request.body),
  );

  app.get(
    '/ipq/assessments/:sessionId/comprehensive-results',
    {
      schema: {
        tags,
        summary: 'Scores, profile, prediction and the proposed risk band of a completed questionnaire',
        description: `${reach} 422 until all four modules are in.`,
        params,
        response: { 200: ipqResultsSchema, 404: detail, 422: unprocessable },
      },
      config: read,
    },
    async (request) => comprehensiveResults(app, app.currentUser(request), request.params.sessionId),
  );

  app.post(
    '/ipq/assessments/:sessionId/prediction',
    {
      schema: {
        tags,
        summary: 'Recommended equity share and model portfolio, each factor explained',
        description: `${reach} Needs personality, beliefs and demographics (422 otherwise). Kept 24 hours, or until an answer changes.`,
        params,
        response: { 200: predictionResponseSchema, 404: detail, 422: unprocessable },
      },
      config: read,
    },
    async (request) => predictionOf(app, app.currentUser(request), request.params.sessionId),
  );

  app.post(
    '/ipq/assessments/:sessionId/risk-band',
    {
      schema: {
        tags,
        summary: 'Confirm the proposed risk band, or keep the current one, with a note',
        description:
          'For the advisor and admins. Only the latest questionnaire proposal awaiting a decision can be decided (409 otherwise). The note goes to the audit trail. ' +
          "A confirmed change reviews the client's portfolios against the new band's model and withdraws pending recommendations made for the old one.",
        params,
        body: bandDecisionSchema,
        response: { 200: bandDecisionResponseSchema, 404: detail, 409: detail, 422: unprocessable },
      },
      config: { access: 'staff', denied: ipqMessages.bandConfirmForbidden },
    },
    async (request) => {
      const review = await decideBand(app, request, request.params.sessionId, request.body);
      return { ...(await comprehensiveResults(app, app.currentUser(request), request.params.sessionId)), recommendations: review };
    },
  );

  app.get(
    '/ipq/clients/:clientId/assessments',
    {
      schema: {
        tags,
        summary: "A client's questionnaires, newest first",
        description: reach,
        params: z.object({ clientId: pathId('The client id') }),
        response: { 200: ipqSessionListSchema, 404: detail },
      },
      config: read,
    },
    async (request) => clientSessions(app, app.currentUser(request), request.params.clientId),
  );
};
