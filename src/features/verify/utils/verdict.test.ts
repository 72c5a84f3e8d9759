import { describe, expect, it } from 'vitest';
import { messagesIn } from '@/i18n/test/messages-in';
import { INTL_LOCALES } from '@/shared/i18n/locales';
import type { ProofStep, ProofVerification } from '@/lib/beacon/proof';
import { beaconVerdictOf, verdictOf } from './verdict';
import { verificationSentence, type Verification } from './verify-draw';

const step = (name: ProofStep['step'], status: ProofStep['status']): ProofStep => ({
  step: name,
  status,
  finding: { id: 'not-drawn', values: {} },
  message: '',
});
const beacon = (failed: ProofStep['step'][]): ProofVerification => ({
  outcome: failed.length ? 'not-verified' : 'verified',
  scheme: 'beacon',
  chainLabel: 'local test beacon: not independent',
  steps: (['commitment', 'time-lock', 'round-signature', 'round-time', 'derivation'] as const).map(
    (name) => step(name, failed.includes(name) ? 'failed' : 'ok'),
  ),
  summary: '',
});

describe('verdictOf', () => {
  const cases: Verification[] = [
    { status: 'verified' },
    { status: 'operator' },
    { status: 'not-drawn' },
    { status: 'unavailable' },
    { status: 'not-verified', reason: 'no-seed' },
    { status: 'not-verified', reason: 'late-commitment' },
    {
      status: 'not-verified',
      reason: 'prize-mismatch',
      derivation: { prize: '1234', steps: [] },
    },
  ];
  it.each(cases)('says in English what verificationSentence says: %o', async (verification) => {
    const en = await messagesIn('en');
    expect(verdictOf(en, verification, '5678')).toBe(verificationSentence(verification, '5678'));
  });

  it('names both numbers of a changed prize in Thai and Chinese', async () => {
    const changed: Verification = {
      status: 'not-verified',
      reason: 'prize-mismatch',
      derivation: { prize: '1234', steps: [] },
    };
    expect(verdictOf(await messagesIn('th'), changed, '5678')).toBe(
      'ตรวจสอบไม่ผ่าน: ซีดให้เลข 1234 แต่ผลที่ประกาศคือ 5678',
    );
    expect(verdictOf(await messagesIn('zh'), changed, '5678')).toBe(
      '未通过验证：种子推算出 1234，公布的结果是 5678',
    );
  });
});

describe('beaconVerdictOf', () => {
  it('reads as `npm run verify` prints it in English, failed steps listed without a serial comma', async () => {
    const en = await messagesIn('en');
    expect(beaconVerdictOf(en, 'en-US', beacon([]))).toBe(
      'Verified (beacon draw, local test beacon: not independent)',
    );
    expect(beaconVerdictOf(en, 'en-US', beacon(['commitment', 'round-time', 'derivation']))).toBe(
      'Not verified (beacon draw, local test beacon: not independent): commitment, round time and derivation failed',
    );
    expect(beaconVerdictOf(en, 'en-US', { ...beacon([]), outcome: 'waiting' }, 1234)).toBe(
      'Waiting for the beacon: round 1234 has not been fetched yet',
    );
  });

  it('selects the scheme and lists the failed steps in each language', async () => {
    const seedOnly = { ...beacon(['derivation']), scheme: 'seed-commitment' as const };
    expect(beaconVerdictOf(await messagesIn('vi'), INTL_LOCALES.vi, seedOnly)).toBe(
      'Không xác minh được (chỉ cam kết seed): phép tính giải không đạt',
    );
    expect(
      beaconVerdictOf(
        await messagesIn('ms'),
        INTL_LOCALES.ms,
        beacon(['commitment', 'derivation']),
      ),
    ).toBe(
      'Tidak disahkan (cabutan beacon, beacon ujian tempatan: tidak bebas): komitmen dan terbitan hadiah gagal',
    );
    expect(beaconVerdictOf(await messagesIn('lo'), INTL_LOCALES.lo, beacon([]))).toBe(
      'ກວດສອບຜ່ານ (ອອກເລກດ້ວຍບີຄອນ, ບີຄອນທົດສອບໃນເຄື່ອງ: ບໍ່ອິດສະຫຼະ)',
    );
  });
});
