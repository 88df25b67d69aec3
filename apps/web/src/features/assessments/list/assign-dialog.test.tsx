import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assessmentTemplateMessages as m } from '@meridian/domain/assessments/messages';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import {
  clientPage,
  inactiveTemplateId,
  ipqTemplate,
  listOf,
  mariaId,
  sampleTemplate,
  slow,
  sofiaId,
  stubServer,
  templateId,
} from '../../../test/assessments.fixtures.ts';
import { AssessmentsPage, NewAssessmentPage } from './assessments-page.tsx';

afterEach(() => vi.unstubAllGlobals());

type Assign = (body: unknown) => Response;

function server(assign: Assign = () => jsonResponse({ assigned: 1, already_open: 1, response_ids: ['r1'] }, 201)) {
  return stubServer((url, init) => {
    if (url.pathname === '/api/v1/assessments') return jsonResponse(listOf([]));
    if (url.pathname === '/api/v1/assessment-templates') {
      return jsonResponse({
        templates: [ipqTemplate, sampleTemplate(), sampleTemplate({ id: inactiveTemplateId, name: 'Retired survey', is_active: false })],
      });
    }
    if (url.pathname === `/api/v1/assessment-templates/${templateId}/assignments` && init.method === 'POST') return assign(init.body);
    if (url.pathname === '/api/v1/clients') return jsonResponse(clientPage);
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const openDialog = () => {
  renderScreen(<AssessmentsPage />, { path: '/assessments' });
  fireEvent.click(screen.getByRole('button', { name: 'Assign assessment' }));
  return screen.getByRole('dialog', { name: 'Assign assessment' });
};

const chooseTemplate = async (dialog: HTMLElement, name: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Questionnaire/ }));
  fireEvent.click(await screen.findByRole('option', { name }, slow));
};

const chooseClient = async (dialog: HTMLElement, name: string) => {
  const input = within(dialog).getByRole('combobox', { name: /Clients/ });
  fireEvent.change(input, { target: { value: 'lopez' } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name) }, slow));
};

describe('assign assessment dialog', () => {
  it('needs a questionnaire and a client before it sends anything', async () => {
    const calls = server();
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose a questionnaire')).toBeVisible();
    expect(within(dialog).getByText(m.clientIdsRequired)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers the active questionnaires only', async () => {
    server();
    const dialog = openDialog();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Questionnaire/ }));
    const options = (await screen.findAllByRole('option', {}, slow)).map((option) => option.textContent);
    expect(options).toEqual(['Investor personality questionnaire', 'Risk attitude check']);
  });

  it('assigns the questionnaire to the clients chosen, with the due date, and says how many were assigned', async () => {
    const calls = server();
    const dialog = openDialog();
    await chooseTemplate(dialog, 'Risk attitude check');
    await chooseClient(dialog, 'Maria Lopez');
    await chooseClient(dialog, 'Sofia Lopez');
    fireEvent.change(within(dialog).getByLabelText('Due date (optional)'), { target: { value: '2026-12-15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const result = await screen.findByRole('dialog', { name: 'Assessment assigned' }, slow);
    expect(within(result).getByTestId('assign-result').textContent).toBe('Assigned to 1 client (1 already had one open)');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ client_ids: [mariaId, sofiaId], due_date: '2026-12-15' });
    fireEvent.click(within(result).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
  });

  it("shows the server's refusal (an inactive template) in the dialog", async () => {
    server(() => jsonResponse({ detail: m.templateInactive }, 422));
    const dialog = openDialog();
    await chooseTemplate(dialog, 'Risk attitude check');
    await chooseClient(dialog, 'Maria Lopez');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect((await within(dialog).findByTestId('assign-error', {}, slow)).textContent).toBe(m.templateInactive);
  });

  it('opens from a direct link to /assessments/new and returns to /assessments when closed', async () => {
    server(() => jsonResponse({ assigned: 2, already_open: 0, response_ids: ['r1', 'r2'] }, 201));
    renderScreen(<NewAssessmentPage />, { path: '/assessments/new' });
    const dialog = await screen.findByRole('dialog', { name: 'Assign assessment' });
    await chooseTemplate(dialog, 'Risk attitude check');
    await chooseClient(dialog, 'Maria Lopez');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const result = await screen.findByRole('dialog', { name: 'Assessment assigned' }, slow);
    expect(within(result).getByTestId('assign-result').textContent).toBe('Assigned to 2 clients');
    fireEvent.click(within(result).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/assessments'), slow);
  });
});
