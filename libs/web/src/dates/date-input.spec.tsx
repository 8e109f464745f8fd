import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import dayjs, { type Dayjs } from 'dayjs';
import { DateInput } from './date-input.js';
import { renderWithProviders } from '../testing/render-with-providers.js';

function Harness({ initial, onValue }: { initial: Dayjs | null; onValue: (value: Dayjs | null) => void }) {
  const [value, setValue] = useState<Dayjs | null>(initial);
  return (
    <DateInput
      aria-label="Admission date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('shows the date as MM/DD/YYYY', () => {
    renderWithProviders(<Harness initial={dayjs('2024-03-05')} onValue={jest.fn()} />);
    expect(screen.getByLabelText('Admission date')).toHaveValue('03/05/2024');
  });

  it('clears the value when what was typed is not a date', () => {
    const onValue = jest.fn();
    renderWithProviders(<Harness initial={dayjs('2024-03-05')} onValue={onValue} />);
    const input = screen.getByLabelText('Admission date');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'not a date' } });
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith(null);
  });
});
