import { render, screen } from '@testing-library/react';
import { NotPermitted } from './not-permitted.js';

describe('the permission page', () => {
  it('says why the user cannot be here and whom to ask, with no Retry', () => {
    render(<NotPermitted title="You do not have permission to open Admin." subTitle="Ask an administrator." />);
    expect(screen.getByText('You do not have permission to open Admin.')).toBeInTheDocument();
    expect(screen.getByText('Ask an administrator.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
