import { describe, expect, it } from 'vitest';
import { showsOwnMessage } from './editor-messages.ts';

describe('editor messages', () => {
  it('finds an input or a list heading for the messages of the fields the editor shows', () => {
    expect(showsOwnMessage('name')).toBe(true);
    expect(showsOwnMessage('definition.sections.1.title')).toBe(true);
    expect(showsOwnMessage('definition.sections.root')).toBe(true);
    expect(showsOwnMessage('definition.sections.0.questions.root')).toBe(true);
    expect(showsOwnMessage('definition.sections.0.questions.1.options.root')).toBe(true);
    expect(showsOwnMessage('definition.sections.0.questions.1.options.2.label')).toBe(true);
    expect(showsOwnMessage('definition.sections.0.questions.1.scale.max')).toBe(true);
    expect(showsOwnMessage('definition.sections.0.questions.1.number.unit')).toBe(true);
  });

  it('leaves to the banner the messages no input shows', () => {
    expect(showsOwnMessage('definition')).toBe(false);
    expect(showsOwnMessage('definition.sections.0.questions.1.required')).toBe(false);
    expect(showsOwnMessage('definition.sections.0.questions.1.scale')).toBe(false);
    expect(showsOwnMessage('definition.sections.0.questions.1.scale.reverse')).toBe(false);
    expect(showsOwnMessage('form')).toBe(false);
  });
});
