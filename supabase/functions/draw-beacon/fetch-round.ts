import { verifyRound, type BeaconRound } from '../_shared/beacon/verify.ts';
import type { ChainSource } from './chain.ts';

export type Fetched = { ok: true; signature: string } | { ok: false; reason: string };

/** A round is about 200 bytes of JSON; a relay answering more is not answering a round. */
const MAX_BODY = 4096;

async function fetchOne(url: string, timeoutMs: number): Promise<BeaconRound | string> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable';
  }
  const text = await response.text().catch(() => '');
  // drand's relay answers 425 for a round not yet published, like the local beacon.
  if (!response.ok) return `HTTP ${response.status}`;
  if (text.length > MAX_BODY) return 'answer too large';
  try {
    return JSON.parse(text) as BeaconRound;
  } catch {
    return 'not JSON';
  }
}

/**
 * Fetches round `round` from each of the source's relays in turn and keeps the first answer
 * that verifies against the chain's key (ADR 023): a relay is trusted for nothing, so a wrong or
 * tampered answer is only a reason to ask the next one. The reasons name the relay's host only.
 */
export async function fetchVerifiedRound(
  source: ChainSource,
  round: number,
  timeoutMs: number,
): Promise<Fetched> {
  const reasons: string[] = [];
  for (const url of source.urls(round)) {
    const answer = await fetchOne(url, timeoutMs);
    const host = new URL(url).host;
    if (typeof answer === 'string') {
      reasons.push(`${host}: ${answer}`);
      continue;
    }
    const verified = verifyRound(source.chain, answer, round);
    if (verified.ok) return { ok: true, signature: answer.signature };
    reasons.push(`${host}: ${verified.reason}`);
  }
  return { ok: false, reason: reasons.join('; ').slice(0, 200) || 'no relay configured' };
}
