import type { DrawAddress } from '@/lib/draw-address';

/**
 * Where the draw's verification panel (commit, then reveal) goes once it lands: it renders
 * nothing until then, so the page's layout does not change when it is wired in.
 */
export function DrawVerificationSlot(_props: { draw: DrawAddress; published: boolean }) {
  return null;
}
