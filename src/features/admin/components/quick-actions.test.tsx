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
    // As the database would count the picked range: 30 results, 20 of them published.
    useRangeCount: (range) => ({
      data: range ? { results: 30, published: 20 } : undefined,
      isError: false,
    }),
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

// A test clicks through two date pickers and a dialog: more than vitest's default 5 s on a busy machine.
describe('QuickActions', { timeout: 20_000 }, () => {
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

  it('generates for the picked range after saying how many results it creates', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const props = renderActions({
      useRangeCount: (range) => {
        asked.push(range);
        return { data: range ? { results: 30, published: 20 } : undefined, isError: false };
      },
    });
    await pick(user, 'From', 1);
    await pick(user, 'To', 3);
    expect(screen.getByRole('button', { name: 'From May 1, 2024' })).toBeInTheDocument();
    await user.click(generate());
    expect(props.onGenerate).not.toHaveBeenCalled();
    expect(asked.at(-1)).toEqual({ from: '2024-05-01', to: '2024-05-03' });
    const dialog = screen.getByRole('alertdialog', { name: 'Generate results?' });
    // 3 days of 24 hours, 30 of them already filled.
    expect(dialog).toHaveTextContent(
      'This creates 42 results, a random number for every hour from 2024-05-01 to 2024-05-03 without a result.',
    );
    expect(dialog).toHaveTextContent('30 hours already have a result: they are kept as they are.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(props.onGenerate).not.toHaveBeenCalled();
    expect(generate()).toHaveFocus();

    await user.click(generate());
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: 'Generate 42 results',
      }),
    );
    expect(props.onGenerate).toHaveBeenCalledTimes(1);
    expect(props.onGenerate).toHaveBeenCalledWith({ from: '2024-05-01', to: '2024-05-03' });
  });

  it('cannot generate before the count arrives or for a full range', async () => {
    const user = userEvent.setup();
    const counted: { data?: { results: number; published: number } } = {};
    const props = renderActions({
      useRangeCount: () => ({ data: counted.data, isError: false }),
    });
    await pick(user, 'From', 1);
    await pick(user, 'To', 1);
    await user.click(generate());
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Counting the results from 2024-05-01 to 2024-05-01…');
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    counted.data = { results: 24, published: 24 };
    await user.click(generate());
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Every hour from 2024-05-01 to 2024-05-01 already has a result: there is nothing to generate.',
    );
    expect(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Generate' }),
    ).toBeDisabled();
    expect(props.onGenerate).not.toHaveBeenCalled();
  });

  it('deletes a range only after confirmation that says how many results go', async () => {
    const user = userEvent.setup();
    const props = renderActions();
    await pick(user, 'From', 2);
    await pick(user, 'To', 2);

    await user.click(deleteRange());
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('This deletes 30 results from 2024-05-02 to 2024-05-02.');
    expect(dialog).toHaveTextContent(
      "20 of them are published: each draw's page will show its number as withdrawn, with the time.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(props.onDeleteRange).not.toHaveBeenCalled();
    expect(deleteRange()).toHaveFocus();

    await user.click(deleteRange());
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete 30 results' }),
    );
    expect(props.onDeleteRange).toHaveBeenCalledTimes(1);
    expect(props.onDeleteRange).toHaveBeenCalledWith({ from: '2024-05-02', to: '2024-05-02' });
  });

  it('has nothing to delete in an empty range', async () => {
    const user = userEvent.setup();
    const props = renderActions({
      useRangeCount: () => ({ data: { results: 0, published: 0 }, isError: false }),
    });
    await pick(user, 'From', 2);
    await pick(user, 'To', 4);
    await user.click(deleteRange());
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'There are no results from 2024-05-02 to 2024-05-04: there is nothing to delete.',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(props.onDeleteRange).not.toHaveBeenCalled();
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
