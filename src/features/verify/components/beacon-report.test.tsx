import { render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProof, type DrawProof } from '@/lib/beacon/proof';
import localProofText from '../../../../tests/fixtures/beacon-proof-local.json?raw';
import { verifyDraw, type DrawEvidence } from '../utils/verify-draw';
import { VerificationReport } from './verification-report';

// jsdom's environment replaces the global Uint8Array with its own realm's, and tlock-js (loaded
// by Node) hands noble Node Buffers, which are then not `instanceof Uint8Array` ("pointHex must be
// hex string or Uint8Array"). A browser has one realm; the test puts Node's back while it runs.
const jsdomUint8Array = globalThis.Uint8Array;
const nodeBuffer = (globalThis as unknown as { Buffer: { prototype: object } }).Buffer;
beforeAll(() => {
  globalThis.Uint8Array = Object.getPrototypeOf(nodeBuffer.prototype).constructor;
});
afterAll(() => {
  globalThis.Uint8Array = jsdomUint8Array;
});

const zone = 'Asia/Bangkok';
const fixture = JSON.parse(localProofText) as DrawProof;
const copy = (): DrawProof => structuredClone(fixture);

/** The evidence the page reads for the same draw, as get-draw-verification hands it over. */
function evidenceOf(proof: DrawProof): DrawEvidence {
  return {
    date: proof.draw.date,
    hour: proof.draw.hour,
    result:
      proof.draw.source === null
        ? null
        : {
            first_prize: proof.draw.prize!,
            source: proof.draw.source,
            previous_prize: null,
            corrected_at: null,
            created_at: '2026-11-23T07:30:02Z',
          },
    commitment: proof.commitment,
    seed: proof.seed,
  };
}

async function renderBeacon(proof: DrawProof) {
  const evidence = evidenceOf(proof);
  const verification = await verifyDraw(evidence, new Date(proof.draw.drawn_at));
  const beacon = await verifyProof(proof);
  render(
    <VerificationReport
      evidence={evidence}
      verification={verification}
      timeZone={zone}
      proof={proof}
      beacon={beacon}
      beaconSince="2026-11-20T00:00:00Z"
    />,
  );
  return screen.getByRole('status');
}

const stepItem = (name: string) =>
  within(screen.getByRole('list', { name: 'Verification steps' })).getByText(
    (_, element) => element?.tagName === 'LI' && element.textContent!.startsWith(name),
  );

describe('the verification of a beacon draw', () => {
  it('lists the five steps, names the beacon honestly and offers the proof', async () => {
    const outcome = await renderBeacon(copy());
    expect(outcome).toHaveTextContent('Verified (beacon draw, local test beacon: not independent)');
    const steps = within(screen.getByRole('list', { name: 'Verification steps' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent!.split(':')[0])).toEqual([
      'Commitment',
      'Time-locked seed',
      'Round signature',
      'Round time',
      'Derivation',
    ]);
    for (const step of steps) expect(step).toHaveTextContent(/^[^:]+: ok\./);
    expect(screen.getByText(/^Beacon:/)).toHaveTextContent(
      'Beacon: local test beacon: not independent. Draws use the beacon since November 20, 2026, 07:00.',
    );
    const download = screen.getByRole('link', { name: 'Download proof' });
    expect(download).toHaveAttribute('download', 'lotto24-2026-11-23-14.proof.json');
    const json = decodeURIComponent(download.getAttribute('href')!.split(',').slice(1).join(','));
    expect(JSON.parse(json)).toEqual(fixture);
    expect(screen.getByText(`Beacon round ${fixture.lock!.round}`)).toBeInTheDocument();
  }, 30_000);

  it('says which step failed for a changed prize', async () => {
    const proof = copy();
    proof.draw.prize = proof.draw.prize === '0000' ? '0001' : '0000';
    const outcome = await renderBeacon(proof);
    expect(outcome).toHaveTextContent(
      'Not verified (beacon draw, local test beacon: not independent): derivation failed',
    );
    expect(stepItem('Derivation')).toHaveTextContent(
      `Derivation: failed. The seed and round ${fixture.round!.round}'s randomness derive ${fixture.draw.prize}; the published result is ${proof.draw.prize}.`,
    );
    expect(stepItem('Commitment')).toHaveTextContent(/^Commitment: ok\./);
  }, 30_000);

  it('says which step failed for a changed signature', async () => {
    const proof = copy();
    const signature = proof.round!.signature;
    proof.round!.signature = `${signature.slice(0, 30)}${signature[30] === 'a' ? 'b' : 'a'}${signature.slice(31)}`;
    await renderBeacon(proof);
    expect(stepItem('Round signature')).toHaveTextContent(/^Round signature: failed\./);
    expect(stepItem('Time-locked seed')).toHaveTextContent(/^Time-locked seed: not applicable\./);
  }, 30_000);

  it('shows a passed draw without its round as waiting for the beacon, never "no result"', async () => {
    const proof = copy();
    proof.draw.prize = null;
    proof.draw.source = null;
    proof.round = null;
    const outcome = await renderBeacon(proof);
    expect(outcome).toHaveTextContent(
      `Waiting for the beacon: round ${fixture.lock!.round} has not been fetched yet`,
    );
    expect(screen.queryByText(/no result/i)).not.toBeInTheDocument();
    expect(screen.getByText('Not fetched yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download proof' })).not.toBeInTheDocument();
  }, 30_000);
});
