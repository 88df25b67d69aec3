import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scoreResponse } from '@meridian/domain/assessments/answers';
import type { AssessmentDetail } from '@meridian/domain/assessments/contracts';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { assessmentId, sampleDefinition, sampleDetail, slow, stubServer } from '../../../test/assessments.fixtures.ts';
import { AssessmentResultPage } from './assessment-result-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const answers = { q1: 'bold', q2: ['stocks', 'bonds'], q3: 1, q4: 1250.5 };
const complete = sampleDetail({
  status: 'complete',
  completed_at: '2026-11-20T10:00:00.000Z',
  answers,
  score: scoreResponse(sampleDefinition, answers),
  score_percent: 55.6,
});

function open(detail: AssessmentDetail) {
  stubServer((url) =>
    url.pathname === `/api/v1/assessments/${assessmentId}` ? jsonResponse(detail) : jsonResponse({ detail: 'Not found' }, 404),
  );
  return renderScreen(<AssessmentResultPage />, { path: '/assessments/:assessmentId', at: `/assessments/${assessmentId}` });
}

describe('a completed assessment', () => {
  it('shows the total and each section score (score / max, percent), and every answer in words', async () => {
    open(complete);
    expect((await screen.findByRole('heading', { level: 1 }, slow)).textContent).toBe('Risk attitude check');
    expect(screen.getByTestId('assessment-details').textContent).toBe('For Maria Lopez · Completed Nov 20, 2026');
    expect(screen.getByTestId('total-score').textContent).toBe('5 / 9 (55.6%)');
    const attitude = screen.getByTestId('section-result-attitude');
    expect(within(attitude).getByTestId('section-score').textContent).toBe('Section score: 5 / 9 (55.6%)');
    expect(within(attitude).getByTestId('answer-q1').textContent).toBe('Bold');
    expect(within(attitude).getByTestId('answer-q2').textContent).toBe('Stocks, Bonds');
    expect(within(attitude).getByTestId('answer-q3').textContent).toBe('1 (Strongly disagree), from 1 to 5');
    const facts = screen.getByTestId('section-result-facts');
    expect(within(facts).getByTestId('section-score').textContent).toBe('Section score: Not scored');
    expect(within(facts).getByTestId('answer-q4').textContent).toBe('1,250.5 years');
    expect(within(facts).getByTestId('answer-q5').textContent).toBe('No answer');
  });

  it('says an open one is not complete yet and offers to continue it', async () => {
    open(sampleDetail({ status: 'in_progress' }));
    expect(await screen.findByText('This assessment is not complete yet.', {}, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(`/assessments/${assessmentId}/take`);
  });

  it('sends the investor questionnaire to its results', async () => {
    open(sampleDetail({ kind: 'ipq', definition: null, status: 'complete' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/clients/${complete.client_id}/ipq-results`), slow);
  });
});
