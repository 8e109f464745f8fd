import { act, screen, waitFor } from '@testing-library/react';
import { toast, TOAST_DURATION_MS } from './toast.js';
import { renderWithProviders } from '../testing/render-with-providers.js';

describe('toasts (SPEC.md §9)', () => {
  it('shows the message with a CLOSE action that dismisses it', async () => {
    const { user } = renderWithProviders(<div />);
    act(() => toast.error('Unable to save case'));
    expect(await screen.findByText('Unable to save case')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByText('Unable to save case')).not.toBeInTheDocument());
  });

  it('sits at the top center and lasts 5000 ms', async () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<div />);
      act(() => toast.success('Case archived successfully'));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      expect(screen.getByText('Case archived successfully')).toBeInTheDocument();
      expect(document.querySelector('.ant-notification-top')).not.toBeNull();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS - 600);
      });
      expect(screen.getByText('Case archived successfully')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2000);
      });
      expect(screen.queryByText('Case archived successfully')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
