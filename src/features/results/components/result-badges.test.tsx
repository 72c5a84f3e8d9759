import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LotteryTimezoneContext } from '@/lib/lottery-timezone';
import { resultRow } from '@/lib/results/test/fixtures';
import { ResultsList } from './results-list';
import type { LotteryResult } from '@/lib/types';

const zone = 'Asia/Bangkok'; // UTC+7: 14:30 on May 1 is 07:30Z

function renderRows(rows: LotteryResult[]) {
  render(
    <LotteryTimezoneContext value={zone}>
      <MemoryRouter>
        <ResultsList results={rows} label="Draws" />
      </MemoryRouter>
    </LotteryTimezoneContext>,
  );
  return screen.getAllByRole('listitem');
}

describe('result row badges', () => {
  it('say where a result came from, and only when there is something to say', () => {
    const [late, operator, onTime] = renderRows([
      resultRow('2024-05-01', 16, '1111', {
        source: 'system',
        created_at: '2024-05-01T09:35:00Z', // 16:35, five minutes after 16:30
      }),
      resultRow('2024-05-01', 15, '2222', { source: 'operator' }),
      resultRow('2024-05-01', 14, '3333', {
        source: 'system',
        created_at: '2024-05-01T07:30:02Z',
      }),
    ]);
    expect(late).toHaveTextContent('Drawn late');
    expect(late).not.toHaveTextContent('Entered by the operator');
    expect(operator).toHaveTextContent('Entered by the operator');
    expect(operator).not.toHaveTextContent('Drawn late');
    expect(onTime).not.toHaveTextContent(/Drawn late|Entered by the operator|Corrected/);
  });

  it('show a correction with the previous number and its time on the lottery clock', () => {
    const [corrected] = renderRows([
      resultRow('2024-05-01', 14, '4242', {
        source: 'operator',
        previous_prize: '1717',
        corrected_at: '2024-05-01T08:05:00Z',
      }),
    ]);
    expect(within(corrected!).getByText(/Corrected from/)).toHaveTextContent(
      'Corrected from 1717 at 15:05',
    );
  });
});
