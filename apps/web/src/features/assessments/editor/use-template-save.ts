import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import type { TemplateDefinitionInput } from '@meridian/domain/assessments/template-definition';
import { conflictCurrent } from '../../../lib/conflict-current.ts';
import { serverMessage } from '../../../lib/error-text.ts';
import { useCreateTemplateMutation, useUpdateTemplateMutation } from '../assessments-api.ts';
import { editorTexts as text } from './editor-texts.ts';

export type SaveInput = { name: string; description: string | null; definition: TemplateDefinitionInput; definitionChanged: boolean };
export type SaveOutcome =
  | { ok: true; template: TemplateDetail }
  | { ok: false; failure: unknown }
  | { ok: false; conflict: { message: string; current: TemplateDetail } };

/**
 * Saves the editor's template: POST a new one, or PUT the one edited with the version read (its
 * questions only when they changed, as they make a new version). A failure comes back as it is, for
 * the form to show, or as the conflict (409 and the template as it now stands).
 */
export function useTemplateSave(editing: TemplateDetail | null) {
  const [create] = useCreateTemplateMutation();
  const [update] = useUpdateTemplateMutation();

  return async (input: SaveInput, syncVersion: number | null): Promise<SaveOutcome> => {
    try {
      const template = editing
        ? await update({
            id: editing.id,
            name: input.name,
            description: input.description,
            ...(input.definitionChanged ? { definition: input.definition } : {}),
            sync_version: syncVersion ?? editing.sync_version,
          }).unwrap()
        : await create({ name: input.name, description: input.description, definition: input.definition }).unwrap();
      return { ok: true, template };
    } catch (failure) {
      const current = conflictCurrent<TemplateDetail>(failure);
      if (current)
        return { ok: false, conflict: { message: serverMessage((failure as { data?: unknown }).data) ?? text.saveFailed, current } };
      return { ok: false, failure };
    }
  };
}
