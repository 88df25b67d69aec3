import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../test/test-utils.tsx';
import { AssessmentManagerRoutes, AssessmentRoutes } from './assessment-routes.tsx';
import {
  assessmentId,
  ipqTemplate,
  listOf,
  sampleDetail,
  sampleTemplate,
  sampleTemplateDetail,
  slow,
  stubServer,
  templateId,
} from '../../test/assessments.fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

function server() {
  return stubServer((url) => {
    if (url.pathname === '/api/v1/assessments') return jsonResponse(listOf([]));
    if (url.pathname === `/api/v1/assessments/${assessmentId}`) return jsonResponse(sampleDetail());
    if (url.pathname === '/api/v1/assessment-templates') return jsonResponse({ templates: [ipqTemplate, sampleTemplate()] });
    if (url.pathname === `/api/v1/assessment-templates/${templateId}`) return jsonResponse(sampleTemplateDetail());
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const heading = () => screen.findByRole('heading', { level: 1 }, slow);

describe('assessment routes, as the app router mounts them', () => {
  it.each([
    ['/assessments', 'Assessments'],
    [`/assessments/${assessmentId}/take`, 'Risk attitude check'],
  ])('opens %s under assessments/*', async (at, title) => {
    server();
    renderScreen(<AssessmentRoutes />, { path: '/assessments/*', at });
    expect((await heading()).textContent).toBe(title);
  });

  it('opens the assign dialog from /assessments/new', async () => {
    server();
    renderScreen(<AssessmentRoutes />, { path: '/assessments/*', at: '/assessments/new' });
    expect(await screen.findByRole('dialog', { name: 'Assign assessment' }, slow)).toBeVisible();
  });

  it.each([
    ['/assessment-manager', 'Assessment Manager'],
    [`/assessment-manager/${templateId}`, 'Assessment Manager'],
    ['/assessment-manager/new', 'New template'],
  ])('opens %s under assessment-manager/*', async (at, title) => {
    server();
    renderScreen(<AssessmentManagerRoutes />, { path: '/assessment-manager/*', at });
    expect((await heading()).textContent).toBe(title);
  });
});
