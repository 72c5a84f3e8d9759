import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawVectors } from '../test/draw-vectors';
import { verifyDraw, type DrawEvidence } from '../utils/verify-draw';
import { VerificationReport } from './verification-report';

const zone = 'Asia/Bangkok'; // UTC+7
const vector = drawVectors[0]!; // 2026-11-23 14:30, 07:30Z
const moment = new Date('2026-11-23T07:30:00Z');
const rejected = drawVectors.find((candidate) => candidate.steps.length > 1)!;

function evidenceOf(draw = vector, overrides: Partial<DrawEvidence> = {}): DrawEvidence {
  return {
    date: draw.date,
    hour: draw.hour,
    result: {
      first_prize: draw.prize,
      source: 'system',
      previous_prize: null,
      corrected_at: null,
      created_at: '2026-11-23T07:30:03Z',
    },
    commitment: { commitment: draw.commitment, committed_at: '2026-11-22T10:00:00Z' },
    seed: draw.seed,
    ...overrides,
  };
}

/** The report as a visitor sees it, checked by the real WebCrypto derivation. */
async function renderReport(evidence: DrawEvidence) {
  const verification = await verifyDraw(evidence, moment);
  render(<VerificationReport evidence={evidence} verification={verification} timeZone={zone} />);
  return screen.getByRole('status');
}

describe('VerificationReport', () => {
  it('says Verified and shows the commitment, when it was published, the seed and the message', async () => {
    const outcome = await renderReport(evidenceOf());
    expect(outcome).toHaveTextContent(/^Verified$/);
    // Once as published, once as computed from the seed here.
    expect(screen.getAllByText(vector.commitment)).toHaveLength(2);
    // Committed the day before (17:00 on the 22nd in Bangkok), as every steady-state draw is.
    expect(
      screen.getByText('Published November 22, 2026, 17:00, 21 hours 30 minutes before the draw'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not the day before/)).not.toBeInTheDocument();
    expect(screen.getByText(vector.seed)).toBeInTheDocument();
    expect(screen.getByText('Matches the commitment')).toBeInTheDocument();
    expect(screen.getByText(vector.steps[0]!.message)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`mod 10,000 = ${vector.prize}$`))).toBeInTheDocument();
    expect(screen.getByText(/drawn by the system at 14:30/)).toBeInTheDocument();
    expect(screen.queryByText(/drawn late/)).not.toBeInTheDocument();
  });

  it('says how soon before the draw a same-day commitment came, and what that proves', async () => {
    // A fresh stack's first tick commits today at 14:18, twelve minutes before the 14:30 draw.
    const commitment = { commitment: vector.commitment, committed_at: '2026-11-23T07:18:00Z' };
    const outcome = await renderReport(evidenceOf(vector, { commitment }));
    expect(outcome).toHaveTextContent(/^Verified$/);
    expect(
      screen.getByText('Published November 23, 2026, 14:18, 12 minutes before the draw'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/only 12 minutes before the draw, not the day before/),
    ).toHaveTextContent(
      'This proves the number was fixed 12 minutes before the draw and not changed since; it does not prove the number was fixed a day ahead.',
    );
  });

  it('lists a rejected value before the accepted one', async () => {
    const evidence = evidenceOf(rejected, {
      date: rejected.date,
      hour: rejected.hour,
    });
    await renderReport(evidence);
    const steps = screen.getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(within(steps[0]!).getByText(rejected.steps[0]!.message)).toBeInTheDocument();
    expect(steps[0]).toHaveTextContent('rejected; next counter');
    expect(within(steps[1]!).getByText(rejected.steps[1]!.message)).toBeInTheDocument();
  });

  it('reports a tampered seed and a changed result as not verified', async () => {
    const other = drawVectors.find((candidate) => candidate.seed !== vector.seed)!;
    const tampered = await renderReport(evidenceOf(vector, { seed: other.seed }));
    expect(tampered).toHaveTextContent('Not verified: the seed does not match the commitment');
    expect(screen.getByText('Does not match the commitment')).toBeInTheDocument();
  });

  it('names the derived and the published number when the result was changed', async () => {
    const evidence = evidenceOf();
    const changed = vector.prize === '0000' ? '0001' : '0000';
    const outcome = await renderReport({
      ...evidence,
      result: { ...evidence.result!, first_prize: changed },
    });
    expect(outcome).toHaveTextContent(
      `Not verified: the seed derives ${vector.prize}, the published result is ${changed}`,
    );
  });

  it('shows a seed not yet revealed, and a draw made late', async () => {
    const evidence = evidenceOf(vector, { seed: null });
    const outcome = await renderReport({
      ...evidence,
      result: { ...evidence.result!, created_at: '2026-11-23T09:00:00Z' },
    });
    expect(outcome).toHaveTextContent('Not verified: the seed has not been revealed');
    expect(screen.getByText('Not revealed yet')).toBeInTheDocument();
    expect(screen.getByText(/drawn by the system at 16:00 \(drawn late\)/)).toBeInTheDocument();
  });

  it('says an operator result is not verifiable by seed, and shows its correction', async () => {
    const evidence = evidenceOf();
    const outcome = await renderReport({
      ...evidence,
      result: {
        first_prize: '4242',
        source: 'operator',
        previous_prize: '1717',
        corrected_at: '2026-11-23T08:05:00Z',
        created_at: '2026-11-23T07:00:00Z',
      },
    });
    expect(outcome).toHaveTextContent('Entered by the operator: not verifiable by seed');
    expect(screen.getByText(/, entered by the operator/)).toBeInTheDocument();
    expect(screen.getByText(/Corrected from/)).toHaveTextContent('Corrected from 1717 at 15:05');
    expect(screen.queryByText(vector.seed)).not.toBeInTheDocument();
  });

  it('lists the results withdrawn from the draw, with the number and when', async () => {
    await renderReport(
      evidenceOf(vector, {
        withdrawn: [
          { first_prize: '5153', source: 'operator', withdrawn_at: '2026-11-23T08:10:00Z' },
        ],
      }),
    );
    expect(screen.getByText(/^Withdrawn:/)).toHaveTextContent(
      'Withdrawn: 5153 (entered by the operator) was published for this draw and withdrawn at 15:10.',
    );
  });

  it('says a draw without a result is not drawn yet', async () => {
    const outcome = await renderReport(evidenceOf(vector, { result: null }));
    expect(outcome).toHaveTextContent('Not drawn yet');
  });
});
