import { useState } from 'react';
import { screen } from '@testing-library/react';
import { ErrorPanel } from './error-panel.js';
import { RemoteErrorBoundary } from './remote-error-boundary.js';
import { renderWithProviders } from '../testing/render-with-providers.js';

describe('ErrorPanel', () => {
  it('says what failed and offers Retry', async () => {
    const onRetry = jest.fn();
    const { user } = renderWithProviders(<ErrorPanel title="Reports could not be loaded." detail="network down" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Reports could not be loaded.');
    expect(screen.getByText('network down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('RemoteErrorBoundary', () => {
  let failing = true;
  function Flaky() {
    if (failing) throw new Error('chart data missing');
    return <p>Report ready</p>;
  }

  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.mocked(console.error).mockRestore();
  });

  it('keeps a failure inside its area, and Retry renders the area again', async () => {
    failing = true;
    function Page() {
      const [count] = useState(1);
      return (
        <div>
          <nav>Navigation still here {count}</nav>
          <RemoteErrorBoundary>
            <Flaky />
          </RemoteErrorBoundary>
        </div>
      );
    }
    const { user } = renderWithProviders(<Page />);
    expect(screen.getByRole('alert')).toHaveTextContent('chart data missing');
    expect(screen.getByText(/Navigation still here/)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Report ready')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
