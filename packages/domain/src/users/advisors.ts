import { z } from 'zod';
import { pageOf, pageQuery, perPageMax } from '../shared/pagination.ts';

/** An active advisor of the caller's firm, as GET /users/advisors answers it. */
const advisorSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** The advisor's clients (deleted ones not counted). */
  client_count: z.number().int(),
});
export type Advisor = z.infer<typeof advisorSchema>;

/** GET /users/advisors: one page of the firm's active advisors (a firm's all fit on the default page). */
export const advisorListQuerySchema = z.object(pageQuery({ perPageDefault: perPageMax }));
export type AdvisorListQuery = z.infer<typeof advisorListQuerySchema>;

/** GET /users/advisors: the firm's active advisors, by last name then first name. */
export const advisorListResponseSchema = pageOf('advisors', advisorSchema);
export type AdvisorListResponse = z.infer<typeof advisorListResponseSchema>;

/** Texts of the advisor choice on the client form. */
export const advisorMessages = {
  loadFailed: 'Failed to load the firm’s advisors',
  clientCount: (count: number) => (count === 1 ? '1 client' : `${count} clients`),
} as const;

/** An advisor as a choice: "Alex Chen (12 clients)". */
export const advisorChoiceLabel = (advisor: Advisor) =>
  `${advisor.first_name} ${advisor.last_name} (${advisorMessages.clientCount(advisor.client_count)})`;
