import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpqSession } from '@meridian/domain/ipq/contracts';
import { ipqMessages as m } from '@meridian/domain/ipq/messages';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { stubServer } from '../../../test/portfolios.fixtures.ts';
import { sessionLoaded } from '../ipq-slice.ts';
import { savedModulesOf } from '../module-values.ts';
import { clientId, moderateAnswers, sampleSession, sessionId } from '../test/ipq.fixtures.ts';
import { CurrentModule } from './current-module.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Module n of a session whose modules before it are saved; `onSaved` records what the server answered. */
function renderModule(moduleNumber: number) {
  const onSaved = vi.fn<(session: IpqSession) => void>();
  const result = renderScreen(
    <CurrentModule moduleNumber={moduleNumber} onSaved={onSaved} onBack={() => undefined} focusHeading={false} />,
  );
  const session = sampleSession(moduleNumber - 1);
  act(() => void result.store.dispatch(sessionLoaded({ clientId, session, saved: savedModulesOf(session) })));
  return { ...result, onSaved };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /^Save/ }));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const group = (name: string | RegExp) => screen.getByRole('group', { name });
const choose = (groupName: string | RegExp, option: string) =>
  fireEvent.click(within(group(groupName)).getByRole('radio', { name: option }));
const agreeWithAll = (prefix: 'answers.p' | 'answers.b') =>
  screen
    .getAllByTestId(new RegExp(`^statement-${prefix.replace('.', '\\.')}`))
    .forEach((fieldset) => fireEvent.click(within(fieldset).getByRole('radio', { name: 'Agree' })));

describe('module 1: personality', () => {
  it('asks each statement in its own group of five named radios', () => {
    renderModule(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Module 1 of 4: Personality' })).toBeVisible();
    expect(screen.getAllByTestId(/^statement-/)).toHaveLength(20);
    const first = group('1. I enjoy thinking through new ideas, even abstract ones.');
    expect(
      within(first)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree']);
  });

  it('names every statement left unanswered, and clears each message once answered, without sending anything', async () => {
    const calls = stubServer(() => jsonResponse({}));
    renderModule(1);
    save();
    await waitFor(() => expect(screen.getAllByText(m.agreementRequired)).toHaveLength(20));
    expect(screen.getByText('Some answers need attention: see the messages below.')).toBeVisible();
    choose('1. I enjoy thinking through new ideas, even abstract ones.', 'Strongly agree');
    await waitFor(() => expect(screen.getAllByText(m.agreementRequired)).toHaveLength(19));
    expect(calls).toEqual([]);
  });

  it('sends the answers as numbers 1-5', async () => {
    const calls = stubServer(() => jsonResponse(sampleSession(1)));
    const { onSaved } = renderModule(1);
    agreeWithAll('answers.p');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls[0]!.url.pathname).toBe(`/api/v1/ipq/assessments/${sessionId}/modules/1`);
    expect(calls[0]!.body).toEqual({ answers: Object.fromEntries(Object.keys(moderateAnswers.personality.answers).map((id) => [id, 4])) });
  });
});

describe('module 2: beliefs', () => {
  it("states the four 50/50 choices in the client's own dollars once the amount is given", () => {
    renderModule(2);
    const radios = () => screen.getAllByTestId(/^gamble-/).flatMap((choice) => within(choice).getAllByRole('radio') as HTMLInputElement[]);
    expect(radios().every((radio) => radio.disabled)).toBe(true);
    type(/^An amount you could invest/, '10,000');
    expect(screen.getAllByTestId(/^gamble-/).map((choice) => choice.querySelector('legend')!.textContent)).toEqual([
      'Choice 1: A 50/50 chance to lose $1,000 or gain $1,500',
      'Choice 2: A 50/50 chance to lose $1,000 or gain $2,000',
      'Choice 3: A 50/50 chance to lose $1,000 or gain $3,000',
      'Choice 4: A 50/50 chance to lose $1,000 or gain $4,000',
    ]);
    expect(radios().some((radio) => radio.disabled)).toBe(false);
    type(/^An amount you could invest/, '2,500');
    expect(within(screen.getByTestId('gamble-3')).getByText(/lose \$250 or gain \$1,000/)).toBeVisible();
  });

  it('names each answer missing or out of range with the shared messages', async () => {
    renderModule(2);
    type(/^Yearly return you expect/, '80');
    save();
    expect(await screen.findByText(m.referenceAmount)).toBeVisible();
    expect(screen.getAllByText(m.gamblesRequired)).toHaveLength(4);
    expect(screen.getByText(m.drawdownReaction)).toBeVisible();
    expect(screen.getByText(m.expectedReturn)).toBeVisible();
    expect(screen.getAllByText(m.agreementRequired)).toHaveLength(4);
  });

  it('sends the amount, the choices as booleans, the reaction and the return', async () => {
    const calls = stubServer(() => jsonResponse(sampleSession(2)));
    const { onSaved } = renderModule(2);
    type(/^An amount you could invest/, '$10,000');
    choose(/^Choice 1/, 'Decline');
    for (const lead of [/^Choice 2/, /^Choice 3/, /^Choice 4/]) choose(lead, 'Accept');
    choose(/fall 20%/, 'Hold and wait for a recovery');
    type(/^Yearly return you expect/, '7');
    agreeWithAll('answers.b');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls[0]!.body).toEqual({ ...moderateAnswers.beliefs, answers: { b1: 4, b2: 4, b3: 4, b4: 4 } });
  });
});

describe('module 3: asset allocation', () => {
  it("starts at the spec's defaults, but with no experience chosen, and shows the total share in stocks as the figures are typed", () => {
    renderModule(3);
    expect(screen.getByRole('combobox', { name: 'Investment experience' }).textContent).not.toContain('1 to 5 years');
    expect((screen.getByLabelText('Retirement savings') as HTMLInputElement).value).toBe('0');
    expect(screen.getByTestId('total-equity-share').textContent).toBe('0%');
    type('Retirement savings', '200000');
    type('Share of retirement savings in stocks', '60');
    type('Other investments', '50,000');
    type('Share of other investments in stocks', '40');
    expect(screen.getByTestId('total-equity-share').textContent).toBe('56%');
    type('Other investments', 'lots');
    expect(screen.getByTestId('total-equity-share').textContent).toBe('—');
  });

  it('refuses a share above 100 and a negative amount', async () => {
    renderModule(3);
    type('Share of other investments in stocks', '101');
    type('Retirement savings', '-1');
    save();
    expect(await screen.findByText(m.equityPercentage)).toBeVisible();
    expect(screen.getByText(m.wealth)).toBeVisible();
  });
});

describe('module 4: demographics', () => {
  const fill = () => {
    type(/^Age/, '45');
    type(/^Annual income/, '150000');
    type(/^Dependants/, '2');
    type(/^Years until you need/, '10');
    type(/^Months of expenses/, '3');
    choose('How stable is your income?', 'Stable salary');
    choose('How much of this money might you need soon?', 'Medium: some withdrawals in the next few years');
  };

  it('names every missing answer, and an age out of range', async () => {
    renderModule(4);
    save();
    for (const message of [m.age, m.income, m.dependants, m.employment, m.horizon, m.liquidity, m.emergencyFund])
      expect(await screen.findByText(message)).toBeVisible();
    type(/^Age/, '17');
    await waitFor(() => expect(screen.getByText(m.age)).toBeVisible());
    type(/^Age/, '40.5');
    await waitFor(() => expect(screen.getByText(m.age)).toBeVisible());
  });

  it("puts the server's 422 under the answers it names", async () => {
    stubServer(() =>
      jsonResponse({ detail: [{ type: 'custom', loc: ['body', 'age'], msg: 'Enter an age from 18 to 110', input: 45 }] }, 422),
    );
    renderModule(4);
    fill();
    save();
    const age = screen.getByLabelText(/^Age/);
    await waitFor(() => expect(age.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(m.age)).toBeVisible();
    expect(screen.getByText('Some answers need attention: see the messages below.')).toBeVisible();
  });

  it("says 'Failed to submit module 4 data' when the server gives no reason, else its reason", async () => {
    let answer = () => new Response(null, { status: 500 });
    stubServer(() => answer());
    renderModule(4);
    fill();
    save();
    expect(await screen.findByText('Failed to submit module 4 data')).toBeVisible();
    answer = () => jsonResponse({ detail: m.completed }, 409);
    save();
    expect(await screen.findByText(m.completed)).toBeVisible();
  });
});
