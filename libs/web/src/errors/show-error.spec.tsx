import { act, screen } from '@testing-library/react';
import { showError } from './show-error.js';
import { renderWithProviders } from '../testing/render-with-providers.js';

describe('showError', () => {
  it("toasts the envelope's message and puts field errors on the form's fields", async () => {
    renderWithProviders(<div />);
    const form = { setFields: jest.fn() };
    act(() => {
      showError(
        {
          status: 400,
          data: { statusCode: 400, message: 'Please check the form', errors: [{ field: 'firstName', message: 'First name is required' }] },
        },
        form,
      );
    });
    expect(await screen.findByText('Please check the form')).toBeInTheDocument();
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'firstName', errors: ['First name is required'] }]);
  });

  it('toasts a communication failure in the words of the spec', async () => {
    renderWithProviders(<div />);
    act(() => {
      showError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    });
    expect(await screen.findByText('Error communicating with server: TypeError: Failed to fetch')).toBeInTheDocument();
  });

  it('shows nothing for a 401: the user is already on the way to login', () => {
    renderWithProviders(<div />);
    let notice;
    act(() => {
      notice = showError({ status: 401, data: { statusCode: 401, message: 'Unauthorized' } });
    });
    expect(notice).toMatchObject({ sessionEnded: true });
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });
});
