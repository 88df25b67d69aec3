import { describe, expect, it } from 'vitest';
import { errorScope, unplacedMessages } from './error-scope.ts';

describe('editor messages', () => {
  it('finds a message by its path below a scope', () => {
    const scope = errorScope({ 'definition.sections.1.questions.0.options.2.label': 'Option label is required' }, 'definition.sections.1');
    expect(scope.scope('questions.0').scope('options').at('2.label')).toBe('Option label is required');
    expect(scope.at('title')).toBeUndefined();
  });

  it('puts in the banner only the messages no input shows', () => {
    const errors = {
      name: 'Template name is required',
      'definition.sections.0.questions.1.options': 'A choice question needs at least two options',
      'definition.sections.0.questions.1.scale.max': 'Scale min must be less than max',
      definition: 'The definition must be an object with a list of sections',
      'definition.sections.0.questions.1.required': 'required must be true or false',
      form: 'Only firm admins manage assessment templates',
    };
    expect(unplacedMessages(errors)).toEqual([
      'The definition must be an object with a list of sections',
      'required must be true or false',
      'Only firm admins manage assessment templates',
    ]);
  });
});
