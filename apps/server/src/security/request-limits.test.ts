import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestContext } from '../test/harness.ts';
import { apiOperations, optionsOf, type JsonSchema } from './openapi-operations.ts';

/**
 * Every value a request can carry is bounded in its schema: a string by a maximum length (so a huge
 * value is refused before any other rule reads it) and a number by a range its column can hold.
 * Read from the OpenAPI document, so an endpoint added later is held to the same rule.
 */

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** What is unbounded in a ($ref-free) schema, each named by where it sits (`body.profile.net_worth`). */
function unboundedIn(schema: JsonSchema, where: string): string[] {
  const problems: string[] = [];
  const fixed = schema.enum !== undefined || schema.const !== undefined;
  const types = typesOf(schema);
  if (types.includes('string') && !fixed && schema.maxLength === undefined) problems.push(`${where}: string without maxLength`);
  if ((types.includes('number') || types.includes('integer')) && !fixed) {
    // zod bounds every integer by the safe-integer range on its own: that is no range a column holds.
    const hasMin = (schema.minimum ?? schema.exclusiveMinimum ?? Number.MIN_SAFE_INTEGER) > Number.MIN_SAFE_INTEGER;
    const hasMax = (schema.maximum ?? schema.exclusiveMaximum ?? Number.MAX_SAFE_INTEGER) < Number.MAX_SAFE_INTEGER;
    if (!hasMin || !hasMax)
      problems.push(`${where}: number without ${[!hasMin && 'minimum', !hasMax && 'maximum'].filter(Boolean).join(' and ')}`);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) problems.push(...unboundedIn(property, `${where}.${name}`));
  if (typeof schema.additionalProperties === 'object') problems.push(...unboundedIn(schema.additionalProperties, `${where}.*`));
  if (schema.items) problems.push(...unboundedIn(schema.items, `${where}[]`));
  const options = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (options.length > 0) for (const option of optionsOf({ anyOf: options })) problems.push(...unboundedIn(option, where));
  return problems;
}

describe('request limits', () => {
  const t = new TestContext('pglite');
  beforeAll(() => t.start());
  afterAll(() => t.stop());

  it('bounds every string and number a request can carry', () => {
    const operations = apiOperations(t.app);
    expect(operations.length).toBeGreaterThan(30);
    const unbounded = operations.flatMap((operation) =>
      [
        ...operation.pathParams.flatMap((parameter) => unboundedIn(parameter.schema, `path.${parameter.name}`)),
        ...operation.queryParams.flatMap((parameter) => unboundedIn(parameter.schema, `query.${parameter.name}`)),
        ...(operation.body ? unboundedIn(operation.body.schema, 'body') : []),
      ].map((problem) => `${operation.name} ${problem}`),
    );
    expect([...new Set(unbounded)]).toEqual([]);
  });
});
