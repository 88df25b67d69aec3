import { templateDefinitionSchema, type TemplateDefinition } from '@meridian/domain/assessments/template-definition';

/**
 * The questions of an assessment or template as the API sends them (`definition: unknown`), read with
 * the shared schema; null for the built-in questionnaire or anything that is not a definition.
 */
export function definitionOf(value: unknown): TemplateDefinition | null {
  if (value === null || value === undefined) return null;
  const parsed = templateDefinitionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
