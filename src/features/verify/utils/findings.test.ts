import { describe, expect, it } from 'vitest';
import { messagesIn } from '@/i18n/test/messages-in';
import { LOCALES } from '@/shared/i18n/locales';
import {
  englishFinding,
  finding,
  type Finding,
  type FindingId,
  type FindingValues,
} from '@/lib/beacon/proof-findings';
import { LOCAL_LABEL } from '@/lib/beacon/proof-round';
import { findingText } from './findings';

const hash = 'a'.repeat(64);
const at = '2026-11-23T07:30:00Z';
/** One finding of every id (the type makes the list complete), with values a proof could hold. */
const SAMPLES: { [K in FindingId]: FindingValues[K] } = {
  'commitment-none': {},
  'seed-unrevealed': {},
  'seed-malformed': {},
  'commitment-mismatch': { hash, commitment: 'b'.repeat(64) },
  'commitment-late': { committedAt: '2026-11-23T07:30:01Z', drawAt: at },
  'commitment-ok': { committedAt: '2026-11-22T10:00:00Z' },
  'lock-none': {},
  'lock-late': { lockedAt: '2026-11-23T07:31:00Z' },
  'lock-unsealed': {},
  'lock-malformed': {},
  'lock-wrong-round': { lockedRound: 30662832, chain: '52db9ba7', round: 30662812 },
  'lock-round-missing': { round: 30662812 },
  'lock-not-opened': { round: 30662812 },
  'lock-does-not-open': { round: 30662812 },
  'lock-opens-unrevealed': { round: 30662812 },
  'lock-other-seed': { seed: hash },
  'lock-ok': { round: 30662812, lockedAt: '2026-11-22T10:00:00Z' },
  'chain-unknown': { chain: '52db9ba7' },
  'round-missing': { round: 30662812 },
  'round-malformed': {},
  'round-wrong': {},
  'round-randomness': {},
  'chain-scheme': {},
  'signature-invalid': { round: 30662812, chain: 'quicknet', pinned: 'yes' },
  'signed-pinned': { round: 30662812, chain: 'quicknet' },
  'signed-local': { round: 12, chain: LOCAL_LABEL },
  'moment-mismatch': {
    moment: at,
    date: '2026-11-23',
    hour: 14,
    zone: 'Asia/Bangkok',
    drawnAt: '2026-11-23T08:30:00.000Z',
  },
  'round-time-missing': {},
  'round-not-locked': { round: 30662832, lockedRound: 30662812 },
  'draw-before-chain': { drawAt: at },
  'round-time-wrong': { round: 30662812, publishedAt: at, drawAt: at, expected: 30662813 },
  'round-time-ok': { round: 30662812, publishedAt: at },
  'seed-invalid': {},
  'derivation-error': { error: 'The date must be YYYY-MM-DD' },
  'derived-ok': { scheme: 'beacon', round: 30662812, prize: '0427' },
  'derived-mismatch': { scheme: 'seed', round: 0, prize: '0427', published: '0001' },
  waiting: {},
  'not-drawn': {},
  operator: {},
  legacy: {},
};
const ALL = Object.entries(SAMPLES).map(([id, values]) =>
  finding(id as FindingId, values as never),
);
// Each select's other branch too.
const MORE: Finding[] = [
  finding('signature-invalid', { round: 12, chain: LOCAL_LABEL, pinned: 'no' }),
  finding('derived-ok', { scheme: 'seed', round: 0, prize: '0427' }),
  finding('derived-mismatch', { scheme: 'beacon', round: 12, prize: '0427', published: '0001' }),
];

describe('findingText', () => {
  it('says in English exactly what npm run verify prints', async () => {
    const en = await messagesIn('en');
    for (const one of [...ALL, ...MORE]) {
      // The derivation's own reason is the CLI's alone (English from the code, not a catalog).
      if (one.id === 'derivation-error') continue;
      expect(findingText(en, one), one.id).toBe(englishFinding(one));
    }
    expect(findingText(en, finding('derivation-error', { error: 'x' }))).toBe(
      "The derivation cannot run on the proof's data.",
    );
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    'words every finding in %s, with its rounds, hashes and instants as they are',
    async (locale) => {
      const i18n = await messagesIn(locale);
      for (const one of [...ALL, ...MORE]) {
        const text = findingText(i18n, one);
        expect(text, one.id).not.toBe(englishFinding(one));
        for (const [name, value] of Object.entries(one.values)) {
          if (['error', 'scheme', 'pinned'].includes(name)) continue;
          // ADR 012's derivation has no round (0): its sentence names none.
          if (name === 'round' && value === 0) continue;
          if (name === 'chain' && value === LOCAL_LABEL) continue;
          expect(text, `${one.id}: ${name}`).toContain(String(value));
        }
      }
    },
  );

  it("names the stack's own beacon in the page's language", async () => {
    const th = await messagesIn('th');
    const text = findingText(th, finding('signed-local', { round: 12, chain: LOCAL_LABEL }));
    expect(text).toContain(th._('verify.localBeacon'));
    expect(text).not.toMatch(/local test beacon/);
  });
});
