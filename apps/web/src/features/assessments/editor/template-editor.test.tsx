import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import { assessmentTemplateMessages as m } from '@meridian/domain/assessments/messages';
import { loginSuccess } from '../../session/index.ts';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { sampleTemplateDetail, slow, stubServer, templateId } from '../../../test/assessments.fixtures.ts';
import { TemplateEditorPage } from './template-editor-page.tsx';

afterEach(() => vi.unstubAllGlobals());

type Write = (body: unknown) => Response;
const created = '77777777-7777-4777-8777-777777777777';

function server({ post, put }: { post?: Write; put?: Write } = {}) {
  return stubServer((url, init) => {
    if (url.pathname === '/api/v1/assessment-templates' && init.method === 'POST')
      return post?.(init.body) ?? jsonResponse({ ...sampleTemplateDetail(), id: created }, 201);
    if (url.pathname === `/api/v1/assessment-templates/${templateId}` && init.method === 'PUT')
      return put?.(init.body) ?? jsonResponse(sampleTemplateDetail({ sync_version: 8 }));
    if (url.pathname === `/api/v1/assessment-templates/${templateId}`) return jsonResponse(sampleTemplateDetail());
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

function openEditor(mode: 'new' | 'edit', role: 'admin' | 'advisor' = 'admin') {
  const view =
    mode === 'new'
      ? renderScreen(<TemplateEditorPage />, { path: '/assessment-manager/new' })
      : renderScreen(<TemplateEditorPage />, {
          path: '/assessment-manager/:templateId/edit',
          at: `/assessment-manager/${templateId}/edit`,
        });
  act(() => void view.store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: role }, accessToken: 'access-1' })));
  return view;
}

/** An input by its label; the name by its id, which is quicker to find in a large form (jsdom's label queries are slow). */
const field = (name: string) =>
  (name === 'Template name *' ? document.getElementById('template-name') : screen.getByLabelText(name)) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const helperOf = (name: string) => document.getElementById(`${field(name).id}-helper-text`)?.textContent;
const writes = (calls: ReturnType<typeof server>) => calls.filter((call) => call.method !== 'GET');

/** Fills in the one question of a new template. */
function fillNew() {
  type('Template name *', 'Goals check');
  type('Section 1 section title', 'Goals');
  type('Question 1 question text', 'What matters most?');
  type('Question 1 option 1 label', 'Growth');
  type('Question 1 option 2 label', 'Safety');
}

// Each test walks a whole template through several submits: more than the default 15 s on a loaded machine.
describe('template editor', { timeout: 45_000 }, () => {
  it("shows the schema's messages at their inputs and sends nothing", async () => {
    const calls = server();
    openEditor('new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New template');
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect((await screen.findByTestId('editor-errors')).textContent).toBe('Some fields need attention: see the messages below.');
    expect(helperOf('Template name *')).toBe(m.nameRequired);
    expect(helperOf('Section 1 section title')).toBe(m.sectionTitleRequired);
    expect(helperOf('Question 1 question text')).toBe(m.questionTextRequired);
    expect(helperOf('Question 1 option 1 label')).toBe(m.optionLabelRequired);
    type('Question 1 question key', 'Bad Key');
    type('Question 1 option 2 score', 'lots');
    await waitFor(() => expect(helperOf('Question 1 question key')).toBe(m.questionKeyInvalid));
    await waitFor(() => expect(helperOf('Question 1 option 2 score')).toBe(m.optionScoreInvalid));
    expect(writes(calls)).toHaveLength(0);
  });

  it('adds, moves and removes options, and checks a question left with one', async () => {
    server();
    openEditor('new');
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    expect(field('Question 1 option 3 value').value).toBe('option-3');
    expect(field('Question 1 option 3 score').value).toBe('2');
    type('Question 1 option 3 label', 'Income');
    fireEvent.click(screen.getByRole('button', { name: 'Move question 1 option 3 up' }));
    expect(field('Question 1 option 2 label').value).toBe('Income');
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1 option 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1 option 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect((await screen.findByTestId('options-error')).textContent).toBe(m.optionsRequired);
    // With the rest filled in, only the options need attention; a text question has none, so once
    // it is one nothing is left to fix.
    type('Template name *', 'Goals check');
    type('Section 1 section title', 'Goals');
    type('Question 1 question text', 'What matters most?');
    type('Question 1 option 1 label', 'Growth');
    await waitFor(() => expect(helperOf('Question 1 option 1 label')).toBeUndefined());
    expect(screen.getByTestId('editor-errors').textContent).toBe('Some fields need attention: see the messages below.');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Question 1 Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Text' }));
    await waitFor(() => expect(screen.queryByTestId('editor-errors')).toBeNull());
  });

  it('sets a scale, checks its range, and keeps question keys unique across sections', async () => {
    server();
    openEditor('new');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Question 1 Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Scale' }));
    type('Question 1 scale max', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(field('Section 2 section key').value).toBe('section-2');
    expect(field('Question 2 question key').value).toBe('q2');
    type('Question 2 question key', 'q1');
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(helperOf('Question 1 scale max')).toBe(m.scaleOrderInvalid));
    expect(helperOf('Question 2 question key')).toBe(m.questionKeysUnique);
    // Each message follows the edits: a lower min settles the max, another key for question 1 its twin's.
    type('Question 1 scale min', '0');
    type('Question 1 question key', 'first');
    await waitFor(() => expect(helperOf('Question 1 scale max')).toBeUndefined());
    expect(helperOf('Question 2 question key')).toBeUndefined();
  });

  it('creates the template (POST) and opens it in the manager', async () => {
    const calls = server();
    openEditor('new');
    fillNew();
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/assessment-manager/${created}`), slow);
    expect(writes(calls)[0]!.body).toEqual({
      name: 'Goals check',
      description: null,
      definition: {
        sections: [
          {
            key: 'section-1',
            title: 'Goals',
            questions: [
              {
                key: 'q1',
                text: 'What matters most?',
                type: 'single_choice',
                required: true,
                weight: 1,
                options: [
                  { value: 'option-1', label: 'Growth', score: 0 },
                  { value: 'option-2', label: 'Safety', score: 1 },
                ],
              },
            ],
          },
        ],
      },
    });
  });

  it("shows the server's 422 at the input its loc names", async () => {
    server({
      post: () =>
        jsonResponse(
          {
            detail: [
              {
                type: 'custom',
                loc: ['body', 'definition', 'sections', 0, 'questions', 0, 'options', 1, 'value'],
                msg: m.optionValuesUnique,
                input: 'x',
              },
            ],
          },
          422,
        ),
    });
    openEditor('new');
    fillNew();
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(helperOf('Question 1 option 2 value')).toBe(m.optionValuesUnique), slow);
  });

  it('says in the banner what no input shows: a 422 about the definition or a setting without an input, any other failure', async () => {
    let failure = jsonResponse(
      {
        detail: [
          { type: 'custom', loc: ['body', 'definition', 'sections', 0, 'title'], msg: m.sectionTitleTooLong, input: 'x' },
          { type: 'custom', loc: ['body', 'definition'], msg: m.definitionInvalid, input: null },
          { type: 'custom', loc: ['body', 'definition', 'sections', 0, 'questions', 0, 'required'], msg: m.requiredInvalid, input: null },
        ],
      },
      422,
    );
    server({ post: () => failure });
    openEditor('new');
    fillNew();
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(helperOf('Section 1 section title')).toBe(m.sectionTitleTooLong), slow);
    expect(screen.getByTestId('editor-errors').textContent).toBe(
      `Some fields need attention: see the messages below. ${m.definitionInvalid} ${m.requiredInvalid}`,
    );
    failure = new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(screen.getByTestId('editor-errors').textContent).toBe('The template could not be saved'), slow);
    expect(field('Section 1 section title')).toHaveAttribute('aria-invalid', 'false');
  });

  it('edits a template: the version it will create, and the questions sent only when they changed', async () => {
    const calls = server();
    openEditor('edit');
    expect((await screen.findByRole('heading', { level: 1 }, slow)).textContent).toBe('Edit Risk attitude check');
    expect(screen.getByTestId('version-note').textContent).toBe('The questions are unchanged: saving keeps version 2.');
    type('Template name *', 'Risk attitude');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1), slow);
    expect(writes(calls)[0]!.body).toEqual({ name: 'Risk attitude', description: 'A short check of attitude to risk', sync_version: 7 });
  });

  it('says a changed question makes version N+1 and sends the definition with the version read', async () => {
    const calls = server();
    openEditor('edit');
    await screen.findByTestId('version-note', {}, slow);
    type('Question 3 question text', 'I like taking risks');
    expect(screen.getByTestId('version-note').textContent).toBe(
      'Saving creates version 3; assessments already assigned keep their version.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1), slow);
    const body = writes(calls)[0]!.body as { definition: { sections: { questions: { text: string }[] }[] }; sync_version: number };
    expect(body.definition.sections[0]!.questions[2]!.text).toBe('I like taking risks');
    expect(body.sync_version).toBe(7);
  });

  it('on a 409 shows the template as it stands and loads it to continue from', async () => {
    const current: TemplateDetail = sampleTemplateDetail({
      name: 'Renamed elsewhere',
      current_version: 3,
      sync_version: 9,
      is_active: false,
    });
    let first = true;
    const calls = server({
      put: () => {
        if (!first) return jsonResponse(current);
        first = false;
        return jsonResponse({ detail: m.templateChanged, current }, 409);
      },
    });
    openEditor('edit');
    await screen.findByTestId('version-note', {}, slow);
    type('Template name *', 'Mine');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    const conflict = await screen.findByTestId('template-conflict', {}, slow);
    expect(within(conflict).getByText(m.templateChanged)).toBeVisible();
    expect(within(conflict).getByTestId('template-conflict-current').textContent).toBe('NameRenamed elsewhereVersion3Questions5ActiveNo');
    fireEvent.click(within(conflict).getByRole('button', { name: 'Load current version' }));
    await waitFor(() => expect(field('Template name *').value).toBe('Renamed elsewhere'));
    expect(screen.getByTestId('version-note').textContent).toBe('The questions are unchanged: saving keeps version 3.');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2), slow);
    expect((writes(calls)[1]!.body as { sync_version: number }).sync_version).toBe(9);
  });

  it('is for firm admins only', async () => {
    server();
    openEditor('new', 'advisor');
    expect(screen.getByText('Only firm admins create and edit assessment templates.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create template' })).toBeNull();
  });
});
