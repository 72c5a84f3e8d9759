import { describe, expect, it } from 'vitest';
import { Budget } from './budget.ts';
import { openFilesLimit, resolveBudgets } from './limits.ts';

const limits = (env: NodeJS.ProcessEnv = {}) => resolveBudgets(env, 20_000);

describe('resolveBudgets', () => {
  it('derives the socket cap from RLIMIT_NOFILE, keeping descriptors for HTTP and the database', () => {
    expect(resolveBudgets({}, 20_000)).toMatchObject({ sockets: 9_744, socketsPerAddress: 2_436 });
    expect(resolveBudgets({}, 1024)).toMatchObject({ sockets: 256, socketsPerAddress: 64 });
    expect(resolveBudgets({}, 10_000_000).sockets).toBe(10_000);
    expect(
      resolveBudgets({ REALTIME_MAX_SOCKETS: '50', REALTIME_MAX_SOCKETS_PER_IP: '80' }, 20_000),
    ).toMatchObject({ sockets: 50, socketsPerAddress: 50 });
    expect(() => resolveBudgets({ REALTIME_MAX_SOCKETS: '0' })).toThrow(/REALTIME_MAX_SOCKETS/);
  });

  it('reads the soft open-files limit, or falls back to the documented default', () => {
    const limitsFile =
      'Limit  Soft Limit  Hard Limit  Units\nMax open files            4096                 524288               files\n';
    expect(openFilesLimit(() => limitsFile)).toBe(4096);
    expect(
      openFilesLimit(() => {
        throw new Error('no /proc');
      }),
    ).toBe(1024);
  });
});

describe('Budget', () => {
  it('caps sockets per address and in all, and gives slots back', () => {
    const budget = new Budget(
      limits({ REALTIME_MAX_SOCKETS: '3', REALTIME_MAX_SOCKETS_PER_IP: '2' }),
    );
    expect(budget.admitSocket('a')).toBe('ok');
    expect(budget.admitSocket('a')).toBe('ok');
    expect(budget.admitSocket('a')).toBe('address');
    expect(budget.admitSocket('b')).toBe('ok');
    expect(budget.admitSocket('c')).toBe('total');
    budget.releaseSocket('a');
    expect(budget.admitSocket('c')).toBe('ok');
  });

  it('counts channels, bindings and their bytes over all sockets', () => {
    const budget = new Budget(limits({ REALTIME_MAX_CHANNELS: '2', REALTIME_MAX_BINDINGS: '5' }));
    expect(budget.takeChannel({ bytes: 10, bindings: 4 })).toBeUndefined();
    expect(budget.takeChannel({ bytes: 10, bindings: 2 })).toMatch(/^TooManyBindings/);
    expect(budget.takeChannel({ bytes: 10, bindings: 1 })).toBeUndefined();
    expect(budget.takeChannel({ bytes: 10, bindings: 0 })).toBe(
      'ChannelRateLimitReached: Too many channels',
    );
    budget.releaseChannel({ bytes: 10, bindings: 4 });
    expect(budget).toMatchObject({ channels: 1, bindings: 1, channelBytes: 10 });
  });

  it('pauses sockets while all queued frames are over the total, and resumes them at half', () => {
    const budget = new Budget(limits({ REALTIME_MAX_QUEUED_BYTES: '100' }));
    const events: string[] = [];
    const socket = (name: string) => ({
      pauseForBudget: () => events.push(`pause ${name}`),
      resumeForBudget: () => events.push(`resume ${name}`),
    });
    const a = socket('a');
    const b = socket('b');
    budget.queued(a, 60);
    budget.queued(b, 60);
    budget.queued(b, 10);
    expect(events).toEqual(['pause b']);
    budget.handled(60);
    expect(events).toEqual(['pause b']);
    budget.handled(30);
    expect(events).toEqual(['pause b', 'resume b']);
    expect(budget.queuedBytes).toBe(40);
  });
});
