import { z } from 'zod';
import { detailResponseSchema, validationIssueSchema } from '@meridian/domain/auth';

/** OpenAPI and response pieces shared by the portfolio routes. */
export const tags = ['portfolios'];
export const security = [{ bearerAuth: [] }];
export const detail = detailResponseSchema;
export const invalid = z.object({ detail: z.array(validationIssueSchema) });
export const portfolioParams = z.object({ id: z.string().describe('The portfolio id') });
