import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

describe('afterFirstPaint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the next animation frame, then for the task after it', async () => {
    const steps: string[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const waited = afterFirstPaint().then(() => steps.push('resolved'));
    expect(frame).toHaveBeenCalledOnce();
    requestAnimationFrame(() => steps.push('frame'));
    await waited;
    expect(steps).toEqual(['frame', 'resolved']);
  });

  it('does not wait on a hidden page, which paints no frame', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    await afterFirstPaint();
    expect(frame).not.toHaveBeenCalled();
  });
});
