/**
 * The cache tags of assessments, all of the one `Assessment` type (app/cache-tags.ts):
 *
 * - `Assessment/<id>`: one assessment with its answers and score.
 * - `Assessment/LIST`: every list of assessments (the book's, a client user's own).
 * - `Assessment/template:<id>`: one template's detail (versions, statistics).
 * - `Assessment/TEMPLATES`: the list of templates (their response counts by status).
 *
 * Answers move a template's counts and statistics and the client's assessment status, so a save
 * reaches the template and the client too (clientTag, clientListTag).
 */
export const assessmentTag = (id: string) => ({ type: 'Assessment' as const, id });
export const assessmentListTag = { type: 'Assessment' as const, id: 'LIST' };
export const templateTag = (id: string) => ({ type: 'Assessment' as const, id: `template:${id}` });
export const templateListTag = { type: 'Assessment' as const, id: 'TEMPLATES' };
