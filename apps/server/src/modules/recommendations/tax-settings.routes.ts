import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema, validationIssueSchema } from '@meridian/domain/auth/contracts';
import { pathId } from '@meridian/domain/shared/ids';
import { syncConflictSchema } from '@meridian/domain/portfolios/contracts';
import {
  clientTaxSettingsSchema,
  clientTaxSettingsUpdateSchema,
  firmRebalanceSettingsRecordSchema,
  firmRebalanceSettingsUpdateSchema,
  taxSettingsMessages,
} from '@meridian/domain/recommendations/tax-settings';
import { firmSettings } from './review-inputs.ts';
import { getClientTaxSettings, updateClientTaxSettings, updateFirmSettings } from './tax-settings.service.ts';

const tags = ['recommendations'];
const detail = detailResponseSchema;
const unprocessable = z.object({ detail: z.array(validationIssueSchema) }).or(detail);
const params = z.object({ id: pathId('The client id') });
const reach =
  "An advisor reaches their clients' settings, an admin the firm's, a client user their own (read-only); anything else answers 404.";

/** /clients/{id}/tax-settings and /recommendations/settings: what a tax-aware rebalance is allowed to do. */
export const taxSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clients/:id/tax-settings',
    {
      schema: {
        tags,
        summary: "A client's realised-gain budget, hold list and restricted list, with the gains realised this tax year",
        description: reach,
        params,
        response: { 200: clientTaxSettingsSchema, 404: detail },
      },
      config: { access: 'signedIn' },
    },
    async (request) => getClientTaxSettings(app, request, request.params.id),
  );

  app.put(
    '/clients/:id/tax-settings',
    {
      schema: {
        tags,
        summary: "Set a client's realised-gain budget, hold list (never sold) and restricted list (never bought)",
        description:
          `${reach} The budget is net realised gains per tax year in taxable accounts (null: none); gains already realised this year count against it. ` +
          'Securities must be in the securities list, each once, never on both lists. A sync_version, when sent, must be the current one (0 before the first save; 409 with `current`).',
        params,
        body: clientTaxSettingsUpdateSchema,
        response: { 200: clientTaxSettingsSchema, 404: detail, 409: syncConflictSchema(clientTaxSettingsSchema), 422: unprocessable },
      },
      config: { access: 'staff', denied: taxSettingsMessages.readOnly },
    },
    async (request, reply) => {
      const result = await updateClientTaxSettings(app, request, request.params.id, request.body);
      if (!result.ok) return reply.status(409).send({ detail: taxSettingsMessages.changed, current: result.current });
      return result.settings;
    },
  );

  app.get(
    '/recommendations/settings',
    {
      schema: {
        tags,
        summary: "The firm's rebalancing settings",
        description:
          'Whether trades go back to the target or to the band edge, the least drift a sale must cure per dollar of tax, and the rates tax is estimated at, ' +
          'with their sync_version (0 while the firm works with the defaults).',
        response: { 200: firmRebalanceSettingsRecordSchema },
      },
      config: { access: 'staff', denied: taxSettingsMessages.readOnly },
    },
    async (request) => firmSettings(app.db, app.currentUser(request).firmId),
  );

  app.put(
    '/recommendations/settings',
    {
      schema: {
        tags,
        summary: "Change the firm's rebalancing settings (admins)",
        description:
          'Applies to the recommendations generated from now on. A sync_version, when sent, must be the current one (0 before the first save; 409 with `current`).',
        body: firmRebalanceSettingsUpdateSchema,
        response: {
          200: firmRebalanceSettingsRecordSchema,
          409: syncConflictSchema(firmRebalanceSettingsRecordSchema),
          422: unprocessable,
        },
      },
      config: { access: 'admin', denied: taxSettingsMessages.adminOnly },
    },
    async (request, reply) => {
      const result = await updateFirmSettings(app, request, request.body);
      if (!result.ok) return reply.status(409).send({ detail: taxSettingsMessages.firmChanged, current: result.current });
      return result.settings;
    },
  );
};
