import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IpqErrorBoundary } from './ipq-error-boundary.tsx';

function Broken(): never {
  throw new Error('answers is not iterable');
}

afterEach(() => vi.restoreAllMocks());

describe('assessment error boundary', () => {
  it('shows its children while they render', () => {
    render(
      <IpqErrorBoundary>
        <p>Module 1</p>
      </IpqErrorBoundary>,
    );
    expect(screen.getByText('Module 1')).toBeVisible();
  });

  it("shows the spec's heading, text and a button that reloads the page when rendering fails", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <IpqErrorBoundary>
        <Broken />
      </IpqErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Assessment Error' })).toBeVisible();
    expect(screen.getByText('An error occurred while rendering the assessment. This may be due to data formatting issues.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
