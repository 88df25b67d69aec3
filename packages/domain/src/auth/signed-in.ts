import { z } from 'zod';
import { roles } from './roles.ts';

/**
 * What the browser keeps of a sign-in: the user, as the API answers it, and the token pair. A
 * module of their own because the web app reads them at start-up, before any of the auth forms'
 * schemas (contracts.ts) are needed.
 */
export const userSchema = z.object({
  id: z.string(),
  firm_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role_name: z.enum(roles),
  is_active: z.boolean(),
  two_factor_enabled: z.boolean(),
  password_must_change: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login_at: z.string().nullable(),
  /** Looks after what every firm shares (market prices): named by the server's OPERATOR_EMAILS. */
  is_operator: z.boolean(),
  profile: z.object({ risk_capacity: z.string().nullable() }).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;
