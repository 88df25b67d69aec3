import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import { loginSuccess } from '../../session/index.ts';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import {
  distribution,
  ipqTemplate,
  sampleTemplate,
  sampleTemplateDetail,
  slow,
  StubResizeObserver,
  stubServer,
  templateId,
} from '../../../test/assessments.fixtures.ts';
import { ipqTemplateId } from '@meridian/domain/ipq/contracts';
import { AssessmentManagerPage } from './assessment-manager-page.tsx';

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
afterEach(() => vi.unstubAllGlobals());

const reliable = sampleTemplateDetail({
  statistics: {
    complete: 12,
    minimum: 10,
    reliability: [{ section_key: 'attitude', title: 'Attitude to risk', items: 3, respondents: 11, alpha: 0.834, label: 'Good' }],
    distribution: distribution([0, 0, 1, 2, 3, 3, 2, 1, 0, 0]),
  },
});

function server(
  detail: TemplateDetail = sampleTemplateDetail(),
  put = (body: unknown) => jsonResponse({ ...sampleTemplateDetail(), ...(body as object), sync_version: 8 }),
) {
  return stubServer((url, init) => {
    if (url.pathname === '/api/v1/assessment-templates') return jsonResponse({ templates: [ipqTemplate, sampleTemplate()] });
    if (url.pathname === `/api/v1/assessment-templates/${templateId}` && init.method === 'PUT') return put(init.body);
    if (url.pathname === `/api/v1/assessment-templates/${templateId}`) return jsonResponse(detail);
    if (url.pathname === `/api/v1/assessment-templates/${ipqTemplateId}`)
      return jsonResponse({
        ...sampleTemplateDetail(),
        ...ipqTemplate,
        definition: null,
        versions: [],
        statistics: { complete: 0, minimum: 10, reliability: [], distribution: distribution(Array(10).fill(0)) },
      });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

function openManager(id: string | null = templateId, role: 'admin' | 'advisor' = 'advisor') {
  const view = id
    ? renderScreen(<AssessmentManagerPage />, { path: '/assessment-manager/:templateId', at: `/assessment-manager/${id}` })
    : renderScreen(<AssessmentManagerPage />, { path: '/assessment-manager' });
  act(() => void view.store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: role }, accessToken: 'access-1' })));
  return view;
}

const reading = async (section: string) =>
  within(await screen.findByTestId(`reliability-${section}`, {}, slow)).getByTestId('reliability-reading').textContent;

describe('assessment manager', () => {
  it('lists the templates with the built-in badge, questions, version and responses by status', async () => {
    server();
    openManager(null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Assessment Manager');
    const ipq = await screen.findByTestId(`template-card-${ipqTemplateId}`, {}, slow);
    expect(within(ipq).getByText('Built-in')).toBeVisible();
    const custom = screen.getByTestId(`template-card-${templateId}`);
    expect(within(custom).queryByText('Built-in')).toBeNull();
    expect(custom.textContent).toContain('5 questions · Version 2');
    expect(within(custom).getByTestId('template-responses').textContent).toBe('3 pending · 1 in progress · 4 complete');
    expect(within(custom).getByRole('link', { name: 'Risk attitude check' }).getAttribute('href')).toBe(
      `/assessment-manager/${templateId}`,
    );
    expect(screen.getByText('Choose a template to see its questions and statistics.')).toBeVisible();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('link', { name: 'New template' })).toBeNull();
  });

  it('opens the template chosen beside the list and moves the focus to it', async () => {
    server();
    const view = renderScreen(<AssessmentManagerPage />, { path: '/assessment-manager/:templateId?', at: '/assessment-manager' });
    act(() => void view.store.dispatch(loginSuccess({ user: sampleUser, accessToken: 'access-1' })));
    fireEvent.click(await screen.findByRole('link', { name: 'Risk attitude check' }, slow));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Risk attitude check' }, slow);
    await waitFor(() => expect(document.activeElement).toBe(heading), slow);
    expect(screen.getByTestId(`template-card-${templateId}`).getAttribute('aria-current')).toBe('true');
  });

  it('says how many complete responses reliability needs until there are 10', async () => {
    server();
    openManager();
    expect(await reading('attitude')).toBe('Needs 10 complete responses (4 so far)');
    expect(await reading('facts')).toBe('Needs at least two scored questions');
  });

  it("shows each section's alpha with its label once there are enough responses", async () => {
    server(reliable);
    openManager();
    const row = await screen.findByTestId('reliability-attitude', {}, slow);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Attitude to risk', '3', '0.83', 'Good · 11 respondents']);
  });

  it('charts the score distribution with its figures in a table, and lists versions and questions', async () => {
    server(reliable);
    openManager();
    const chart = await screen.findByTestId('distribution-chart', {}, slow);
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toContain('Score distribution: 0–10: 0, 10–20: 0, 20–30: 1');
    const table = screen.getByRole('table', { name: 'Score distribution: Risk attitude check' });
    expect(within(table).getByTestId('distribution-row-40').textContent).toBe('40–503');
    expect(screen.getByTestId('version-row-2').textContent).toBe('2 (current)Oct 1, 20268');
    expect(screen.getByTestId('template-question-q1').textContent).toContain('Single choice · required · weight 1');
    expect(screen.getByTestId('template-question-q1').textContent).toContain('Bold (2 points)');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('says the built-in questionnaire is answered on its own screen and has no alpha here', async () => {
    server();
    openManager(ipqTemplateId);
    expect(await screen.findByText('Reliability is computed for the firm’s own templates.', {}, slow)).toBeVisible();
    expect(screen.getByText('No complete responses yet.')).toBeVisible();
  });

  it('lets an admin switch a template off (with its version) and edit it', async () => {
    const calls = server();
    openManager(templateId, 'admin');
    const toggle = await screen.findByRole('switch', { name: 'Active: Risk attitude check' }, slow);
    expect(screen.queryByRole('switch', { name: /Investor personality/ })).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ is_active: false, sync_version: 7 }), slow);
    expect((await screen.findByRole('link', { name: 'Edit' }, slow)).getAttribute('href')).toBe(`/assessment-manager/${templateId}/edit`);
    expect(screen.getByRole('link', { name: 'New template' }).getAttribute('href')).toBe('/assessment-manager/new');
  });
});
