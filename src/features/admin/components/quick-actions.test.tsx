import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { QuickActions, type QuickActionsProps } from './quick-actions';

function renderActions(overrides: Partial<QuickActionsProps> = {}) {
  const props: QuickActionsProps = {
    today: '2024-05-15',
    generating: false,
    deleting: false,
    onGenerate: vi.fn(),
    onDeleteRange: vi.fn(),
    onInvalidRange: vi.fn(),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <QuickActions {...props} />
    </MemoryRouter>,
  );
  return props;
}

/** Opens the picker labelled `label` and clicks day `day` of May 2024. */
async function pick(user: UserEvent, label: 'From' | 'To', day: number) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
  const grid = await screen.findByRole('grid');
  await user.click(
    // The visible day number starts each day's name ("10 May 2024, Friday").
    within(grid).getByRole('button', { name: new RegExp(`^${day} May 2024\\b`) }),
  );
}

const generate = () => screen.getByRole('button', { name: 'Generate Random Results' });
const deleteRange = () => screen.getByRole('button', { name: 'Delete Range' });

describe('QuickActions', () => {
  it('asks for both dates before generating or deleting', async () => {
    const user = userEvent.setup();
    const props = renderActions();
    await user.click(generate());
    await pick(user, 'From', 3);
    await user.click(deleteRange());
    expect(props.onInvalidRange).toHaveBeenNthCalledWith(1, 'Please select both from and to dates');
    expect(props.onInvalidRange).toHaveBeenNthCalledWith(2, 'Please select both from and to dates');
    expect(props.onGenerate).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('rejects a from date after the to date', async () => {
    const user = userEvent.setup();
    const props = renderActions();
    await pick(user, 'From', 10);
    await pick(user, 'To', 5);
    await user.click(generate());
    expect(props.onInvalidRange).toHaveBeenCalledWith(
      'From date must be before or equal to To date',
    );
    expect(props.onGenerate).not.toHaveBeenCalled();
  });

  it('generates for the picked range', async () => {
    const user = userEvent.setup();
    const props = renderActions();
    await pick(user, 'From', 1);
    await pick(user, 'To', 3);
    expect(screen.getByRole('button', { name: 'From May 1, 2024' })).toBeInTheDocument();
    await user.click(generate());
    expect(props.onGenerate).toHaveBeenCalledWith({ from: '2024-05-01', to: '2024-05-03' });
  });

  it('deletes a range only after confirmation', async () => {
    const user = userEvent.setup();
    const props = renderActions();
    await pick(user, 'From', 2);
    await pick(user, 'To', 2);

    await user.click(deleteRange());
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete all results from 2024-05-02 to 2024-05-02?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(props.onDeleteRange).not.toHaveBeenCalled();
    expect(deleteRange()).toHaveFocus();

    await user.click(deleteRange());
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(props.onDeleteRange).toHaveBeenCalledTimes(1);
    expect(props.onDeleteRange).toHaveBeenCalledWith({ from: '2024-05-02', to: '2024-05-02' });
  });

  it('blocks both actions while one runs', () => {
    renderActions({ generating: true });
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    expect(deleteRange()).toBeDisabled();
  });

  it('links to the public pages', () => {
    renderActions();
    expect(screen.getByRole('link', { name: "View Today's Results" })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View History' })).toHaveAttribute('href', '/history');
  });
});
