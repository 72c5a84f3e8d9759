import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

/** What the admin copies into an authenticator app: scan `qrCode` or type `secret`. */
export type Enrolment = { factorId: string; secret: string; uri: string; qrCode: string };

/**
 * Starts a TOTP enrolment (POST /factors). An enrolment left unconfirmed before (a closed tab)
 * is removed first: GoTrue counts it against the factor limit and its name against the new one
 * (mfa.go validateFactors). The QR code is the server's, as hosted Supabase sends it; a server
 * without one (`qr_code` is `omitempty` in GoTrue) gets one drawn here from the same URI.
 */
export async function enrollFactor(friendlyName: string): Promise<Enrolment> {
  const supabase = await getSupabase();
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all) {
    if (factor.factor_type !== 'totp' || factor.status !== 'unverified') continue;
    const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    if (error) throw error;
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw error;
  const { secret, uri, qr_code: served } = data.totp;
  const qrCode = served ? svgImage(served) : await drawQrCode(uri);
  return { factorId: data.id, secret, uri, qrCode };
}

/**
 * auth-js hands GoTrue's SVG on as `data:image/svg+xml;utf-8,<svg…`, unescaped: a `#` in it
 * (a colour) would end the URL there. Escaped, the image is the same on every browser.
 */
export function svgImage(served: string): string {
  const prefix = /^data:image\/svg\+xml;(?:charset=)?utf-8,/;
  if (!prefix.test(served)) return served;
  const svg = served.replace(prefix, '');
  // A server that already sent a data URI gets auth-js's prefix twice: GoTrue sends bare SVG.
  if (svg.startsWith('data:image/')) return svgImage(svg);
  if (!svg.trimStart().startsWith('<')) return served;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

async function drawQrCode(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  return svgImage(`data:image/svg+xml;utf-8,${await toString(uri, { type: 'svg', margin: 1 })}`);
}

export function useEnrollFactor() {
  return useMutation({ mutationFn: enrollFactor });
}
