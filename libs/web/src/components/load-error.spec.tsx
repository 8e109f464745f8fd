import { screen } from '@testing-library/react';
import { LoadError } from './load-error.js';
import { renderWithProviders } from '../testing/render-with-providers.js';

describe('LoadError', () => {
  it("says what could not be loaded and the server's message, and Retry tries again", async () => {
    const onRetry = jest.fn();
    const error = { status: 403, data: { statusCode: 403, message: 'You do not have permission to do this.' } };
    const { user } = renderWithProviders(<LoadError error={error} title="The users could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The users could not be loaded.');
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('draws nothing on a 401: the user is already on the way to the login page, which says why', () => {
    const { container } = renderWithProviders(
      <LoadError error={{ status: 401, data: { statusCode: 401, message: 'Unauthorized' } }} title="The users could not be loaded." onRetry={jest.fn()} />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('');
  });
});
