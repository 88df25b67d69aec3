import { z } from 'zod';
import { pathId } from '@meridian/domain/shared/ids';
import { detailResponseSchema } from '@meridian/domain/auth/contracts';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';

/** OpenAPI and response pieces shared by the portfolio routes. */
export const tags = ['portfolios'];
export const detail = detailResponseSchema;
export const portfolioParams = z.object({ id: pathId('The portfolio id') });

/** Anyone signed in reads what they reach; client users are told they cannot change it. */
export const read = { access: 'signedIn' } as const;
export const write = { access: 'staff', denied: portfolioMessages.readOnly } as const;
