import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddResultForm, type AddResultFormProps } from './add-result-form';

const today = '2024-05-15';

function renderForm(overrides: Partial<AddResultFormProps> = {}) {
  const props: AddResultFormProps = {
    today,
    date: today,
    onDateChange: vi.fn(),
    takenHours: [],
    busy: false,
    onSubmit: vi.fn(async () => true),
    ...overrides,
  };
  const view = render(<AddResultForm {...props} />);
  const rerender = (next: Partial<AddResultFormProps>) =>
    view.rerender(<AddResultForm {...props} {...next} />);
  return { props, rerender };
}

const hourSelect = () => screen.getByRole('combobox', { name: 'Draw time' });
const prizeInput = () => screen.getByRole('textbox', { name: 'First prize' });
const submit = () => screen.getByRole('button', { name: 'Add Result' });
const optionLabels = () =>
  within(hourSelect())
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('AddResultForm', () => {
  it('offers only the free hours, as HH:30, and selects the first', () => {
    renderForm({ takenHours: [0, 1, 5, 23] });
    const labels = optionLabels();
    expect(labels).toHaveLength(20);
    expect(labels.slice(0, 4)).toEqual(['02:30', '03:30', '04:30', '06:30']);
    expect(labels).not.toContain('05:30');
    expect(labels).not.toContain('23:30');
    expect(hourSelect()).toHaveValue('2');
  });

  it('keeps the chosen hour and names the clash when it is taken while a prize is typed', async () => {
    const user = userEvent.setup();
    const { rerender, props } = renderForm({ takenHours: [] });
    await user.selectOptions(hourSelect(), '23');
    await user.type(prizeInput(), '0008');
    rerender({ takenHours: [23] });
    expect(hourSelect()).toHaveValue('23');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '23:30 already has a result: choose another hour',
    );
    expect(submit()).toBeDisabled();
    await user.selectOptions(hourSelect(), '22');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submit());
    expect(props.onSubmit).toHaveBeenCalledWith({
      drawDate: today,
      drawHour: 22,
      firstPrize: '0008',
    });
  });

  it('on another date, a taken hour moves to the first free one even with a prize typed', async () => {
    const user = userEvent.setup();
    const { rerender } = renderForm({ takenHours: [] });
    await user.selectOptions(hourSelect(), '23');
    await user.type(prizeInput(), '0008');
    rerender({ date: '2024-05-14', takenHours: [23] });
    expect(hourSelect()).toHaveValue('0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves to the first free hour when the chosen one is taken meanwhile', async () => {
    const user = userEvent.setup();
    const { rerender } = renderForm({ takenHours: [] });
    await user.selectOptions(hourSelect(), '14');
    expect(hourSelect()).toHaveValue('14');

    rerender({ takenHours: [3] });
    expect(hourSelect()).toHaveValue('14');

    rerender({ takenHours: [0, 14] });
    expect(hourSelect()).toHaveValue('1');
    expect(optionLabels()).not.toContain('14:30');
  });

  it('recomputes the hours when another date is chosen', () => {
    const { rerender } = renderForm({ takenHours: [0, 1, 2] });
    expect(hourSelect()).toHaveValue('3');
    rerender({ date: '2024-05-16', takenHours: [] });
    expect(optionLabels()).toHaveLength(24);
    expect(hourSelect()).toHaveValue('3');
  });

  it('says when every hour is filled and disables submit', () => {
    renderForm({ takenHours: Array.from({ length: 24 }, (_, hour) => hour) });
    expect(hourSelect()).toBeDisabled();
    expect(within(hourSelect()).getByRole('option')).toHaveTextContent(
      'All hours filled for this date',
    );
    expect(submit()).toBeDisabled();
  });

  it('waits for the taken hours before it can submit', () => {
    renderForm({ takenHours: undefined });
    expect(hourSelect()).toBeDisabled();
    expect(submit()).toBeDisabled();
  });

  it('asks for exactly four digits on a numeric keyboard', () => {
    renderForm();
    const input = prizeInput();
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('pattern', '[0-9]{4}');
    expect(input).not.toHaveAttribute('maxLength');
    expect(input).toHaveAttribute('inputMode', 'numeric');
  });

  it('does not submit a prize that is not four digits', async () => {
    const user = userEvent.setup();
    const { props } = renderForm();
    await user.click(submit());
    await user.type(prizeInput(), '12a');
    await user.click(submit());
    await user.clear(prizeInput());
    await user.type(prizeInput(), '123');
    await user.click(submit());
    expect(prizeInput()).toBeInvalid();
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter exactly 4 digits');
  });

  it('refuses "12345" rather than keeping "1234" of it', async () => {
    const user = userEvent.setup();
    const { props } = renderForm();
    await user.type(prizeInput(), '12345');
    expect(prizeInput()).toHaveValue('12345');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter exactly 4 digits');
    await user.click(submit());
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('submits the date, the hour and the prize, then clears the prize', async () => {
    const user = userEvent.setup();
    const { props } = renderForm({ takenHours: [0] });
    await user.selectOptions(hourSelect(), '9');
    await user.type(prizeInput(), '0420');
    await user.click(submit());
    expect(props.onSubmit).toHaveBeenCalledWith({
      drawDate: today,
      drawHour: 9,
      firstPrize: '0420',
    });
    expect(prizeInput()).toHaveValue('');
  });

  it('keeps the prize when saving failed, and shows the busy state', async () => {
    const user = userEvent.setup();
    const { rerender } = renderForm({ onSubmit: vi.fn(async () => false) });
    await user.type(prizeInput(), '7777');
    await user.click(submit());
    expect(prizeInput()).toHaveValue('7777');
    rerender({ busy: true, onSubmit: vi.fn(async () => false) });
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
  });
});
