import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentDetail } from '@meridian/domain/assessments/contracts';
import { assessmentTemplateMessages as m } from '@meridian/domain/assessments/messages';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { assessmentId, sampleDetail, slow, stubServer } from '../../../test/assessments.fixtures.ts';
import { TakeAssessmentPage } from './take-assessment-page.tsx';

afterEach(() => vi.unstubAllGlobals());

type Put = (body: { answers: Record<string, unknown>; submit: boolean; sync_version: number }) => Response;

const saved = (body: { answers: Record<string, unknown>; submit: boolean }) =>
  jsonResponse(sampleDetail({ answers: body.answers, status: body.submit ? 'complete' : 'in_progress', sync_version: 4 }));

function server(detail: AssessmentDetail = sampleDetail(), put: Put = saved) {
  return stubServer((url, init) => {
    if (url.pathname === `/api/v1/assessments/${assessmentId}/answers` && init.method === 'PUT')
      return put(init.body as Parameters<Put>[0]);
    if (url.pathname === `/api/v1/assessments/${assessmentId}`) return jsonResponse(detail);
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const openPage = () =>
  renderScreen(<TakeAssessmentPage />, { path: '/assessments/:assessmentId/take', at: `/assessments/${assessmentId}/take` });
const question = (key: string) => screen.findByTestId(`question-${key}`, {}, slow);
const puts = (calls: ReturnType<typeof server>) => calls.filter((call) => call.method === 'PUT');

/** Answers every question: Bold, Stocks and Bonds, 4 on the scale, 25 years, and a note. */
async function answerAll() {
  fireEvent.click(within(await question('q1')).getByRole('radio', { name: 'Bold' }));
  fireEvent.click(within(await question('q2')).getByRole('checkbox', { name: 'Bonds' }));
  fireEvent.click(within(await question('q2')).getByRole('checkbox', { name: 'Stocks' }));
  fireEvent.click(within(await question('q3')).getByRole('radio', { name: '4' }));
  fireEvent.change(within(await question('q4')).getByRole('textbox'), { target: { value: '25' } });
  fireEvent.change(within(await question('q5')).getByRole('textbox'), { target: { value: 'Saving for a boat' } });
}

describe('taking an assessment', () => {
  it('shows each section with its questions: radios, checkboxes, a labelled scale, a number with its unit, text', async () => {
    server();
    openPage();
    expect((await screen.findByRole('heading', { level: 1 }, slow)).textContent).toBe('Risk attitude check');
    expect(screen.getByRole('heading', { level: 2, name: 'Attitude to risk' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Your situation' })).toBeVisible();
    const single = await question('q1');
    expect(within(single).getByRole('radiogroup').getAttribute('aria-required')).toBe('true');
    expect(
      within(single)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['careful', 'bold']);
    expect(within(single).getByText('1. How would you describe yourself?')).toBeVisible();
    expect(within(single).getByText('(required)')).toBeVisible();
    expect(within(await question('q2')).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(await question('q2')).queryByText('(required)')).toBeNull();
    const scale = await question('q3');
    expect(
      within(scale)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['1, Strongly disagree', '2', '3', '4', '5, Strongly agree']);
    const number = within(await question('q4'));
    expect(number.getByLabelText('4. Years until retirement')).toBe(number.getByRole('textbox'));
    expect(number.getByText('years')).toBeVisible();
    expect(number.getByText('From 0 to 60')).toBeVisible();
    expect(within(await question('q5')).getByLabelText('5. Anything else we should know?').tagName).toBe('TEXTAREA');
    expect(screen.getByTestId('answered-count').textContent).toBe('0 of 5 answered');
  });

  it('asks for the required answers before submitting, and nothing is sent', async () => {
    const calls = server();
    openPage();
    fireEvent.change(within(await question('q4')).getByRole('textbox'), { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('take-notice')).textContent).toBe('Some answers need attention: see the messages below.');
    expect(within(await question('q1')).getByTestId('question-error').textContent).toBe(m.answerRequired);
    expect(within(await question('q3')).getByTestId('question-error').textContent).toBe(m.answerRequired);
    expect(within(await question('q4')).getByTestId('question-error').textContent).toBe(m.numberTooLarge(60));
    expect(within(await question('q2')).queryByTestId('question-error')).toBeNull();
    expect(puts(calls)).toHaveLength(0);
    fireEvent.click(within(await question('q1')).getByRole('radio', { name: 'Bold' }));
    await waitFor(async () => expect(within(await question('q1')).queryByTestId('question-error')).toBeNull());
  });

  it('saves progress without the required answers (submit: false) with the version read', async () => {
    const calls = server();
    openPage();
    fireEvent.click(within(await question('q1')).getByRole('radio', { name: 'Careful' }));
    fireEvent.click(within(await question('q3')).getByRole('radio', { name: '5, Strongly agree' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save progress' }));
    expect((await screen.findByTestId('take-notice', {}, slow)).textContent).toBe('Progress saved.');
    expect(puts(calls)[0]!.body).toEqual({ answers: { q1: 'careful', q3: 5 }, submit: false, sync_version: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2), slow);
    expect((puts(calls)[1]!.body as { sync_version: number }).sync_version).toBe(4);
  });

  it('submits every answer (submit: true) and opens the completed assessment', async () => {
    const calls = server();
    openPage();
    await answerAll();
    expect(screen.getByTestId('answered-count').textContent).toBe('5 of 5 answered');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/assessments/${assessmentId}`), slow);
    expect(puts(calls)[0]!.body).toEqual({
      answers: { q1: 'bold', q2: ['stocks', 'bonds'], q3: 4, q4: 25, q5: 'Saving for a boat' },
      submit: true,
      sync_version: 3,
    });
  });

  it("shows the server's 422 at the question it names", async () => {
    server(sampleDetail(), () =>
      jsonResponse({ detail: [{ type: 'custom', loc: ['body', 'answers', 'q5'], msg: m.textAnswerTooLong, input: '' }] }, 422),
    );
    openPage();
    await answerAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await within(await question('q5')).findByTestId('question-error', {}, slow)).textContent).toBe(m.textAnswerTooLong);
    expect(screen.getByTestId('take-notice').textContent).toBe('Some answers need attention: see the messages below.');
    expect(screen.getByTestId('location').textContent).toBe(`/assessments/${assessmentId}/take`);
  });

  it('says why saving failed when no question shows it: a 422 about the body, or the fallback', async () => {
    let failure = jsonResponse(
      { detail: [{ type: 'custom', loc: ['body', 'sync_version'], msg: m.syncVersionRequired, input: null }] },
      422,
    );
    server(sampleDetail(), () => failure);
    openPage();
    fireEvent.click(within(await question('q1')).getByRole('radio', { name: 'Bold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save progress' }));
    expect((await screen.findByTestId('take-notice', {}, slow)).textContent).toBe(m.syncVersionRequired);
    expect(screen.queryByTestId('question-error')).toBeNull();
    failure = new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(screen.getByTestId('take-notice').textContent).toBe('The answers could not be saved'), slow);
  });

  it('answers a question whatever its key, `constructor` too', async () => {
    const definition = {
      sections: [
        {
          key: 'only',
          title: 'Only',
          questions: [{ key: 'constructor', text: 'Who built it?', type: 'text' as const, required: true, weight: 1 }],
        },
      ],
    };
    const calls = server(sampleDetail({ definition }));
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }, slow));
    expect((await within(await question('constructor')).findByTestId('question-error')).textContent).toBe(m.answerRequired);
    fireEvent.change(within(await question('constructor')).getByRole('textbox'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1), slow);
    expect(puts(calls)[0]!.body).toEqual({ answers: { constructor: 'Ada' }, submit: true, sync_version: 3 });
  });

  it('on a stale version (409) shows the current answers and says so; saving again sends their version', async () => {
    let first = true;
    const current = sampleDetail({ answers: { q1: 'bold', q5: 'From the other tab' }, status: 'in_progress', sync_version: 9 });
    const calls = server(sampleDetail(), (body) => {
      if (!first) return saved(body);
      first = false;
      return jsonResponse({ detail: m.responseChanged, current }, 409);
    });
    openPage();
    fireEvent.click(within(await question('q1')).getByRole('radio', { name: 'Careful' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save progress' }));
    expect((await screen.findByTestId('take-notice', {}, slow)).textContent).toBe(
      `${m.responseChanged} The answers shown are now the current ones: review them and save again.`,
    );
    expect((within(await question('q1')).getByRole('radio', { name: 'Bold' }) as HTMLInputElement).checked).toBe(true);
    expect((within(await question('q5')).getByRole('textbox') as HTMLTextAreaElement).value).toBe('From the other tab');
    fireEvent.click(screen.getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2), slow);
    expect((puts(calls)[1]!.body as { sync_version: number }).sync_version).toBe(9);
  });

  it('says when it was completed elsewhere meanwhile (409 without answers) and links to it', async () => {
    server(sampleDetail(), () => jsonResponse({ detail: m.responseComplete }, 409));
    openPage();
    fireEvent.click(within(await question('q1')).getByRole('radio', { name: 'Bold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save progress' }));
    const notice = await screen.findByTestId('take-notice', {}, slow);
    expect(within(notice).getByText(m.responseComplete)).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'View the completed assessment' }).getAttribute('href')).toBe(
      `/assessments/${assessmentId}`,
    );
  });

  it('sends the investor questionnaire to its own screen', async () => {
    server(sampleDetail({ kind: 'ipq', definition: null }));
    openPage();
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe('/ipq-assessment/11111111-1111-4111-8111-111111111111'),
      slow,
    );
  });
});
