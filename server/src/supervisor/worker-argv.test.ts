import { describe, expect, it } from 'vitest';
import type { ServiceGroup } from '../services.ts';
import { workerExecArgv } from './worker-argv.ts';

/** The flags of a compiled server's worker, the supervisor's inspector on 9229 unless told. */
const argv = (group: ServiceGroup, options: Parameters<typeof workerExecArgv>[1] = {}) =>
  workerExecArgv(group, { typescript: false, debugPort: 9229, nodeOptions: '', ...options });

describe('workerExecArgv', () => {
  it('passes the supervisor flags on with the group heap cap in place of any other', () => {
    expect(
      argv('cron', { execArgv: ['--max-old-space-size=4096', '--enable-source-maps'] }),
    ).toEqual(['--enable-source-maps', '--max-old-space-size=128']);
  });

  it('adds tsx once, and not to the compiled server', () => {
    for (const execArgv of [[], ['--import', 'tsx']])
      expect(argv('http', { execArgv, typescript: true })).toEqual([
        '--import',
        'tsx',
        '--max-old-space-size=1024',
      ]);
  });

  it('gives each worker an inspector port of its own after the supervisor', () => {
    const ports = (['http', 'realtime', 'functions', 'cron'] as const).map((group) =>
      argv(group, { execArgv: ['--inspect=127.0.0.1:9400'], debugPort: 9400 }).find((arg) =>
        arg.startsWith('--inspect-port='),
      ),
    );
    expect(ports).toEqual([
      '--inspect-port=9401',
      '--inspect-port=9402',
      '--inspect-port=9403',
      '--inspect-port=9404',
    ]);
    for (const flag of ['--inspect', '--inspect-brk', '--inspect-wait=9229'])
      expect(argv('http', { execArgv: [flag] })).toEqual([
        flag,
        '--inspect-port=9230',
        '--max-old-space-size=1024',
      ]);
  });

  it('counts an inspector asked for in NODE_OPTIONS, which the workers inherit', () => {
    expect(
      argv('realtime', { execArgv: [], nodeOptions: '--max-http-header-size=16384 --inspect' }),
    ).toEqual(['--inspect-port=9231', '--max-old-space-size=768']);
  });

  it('leaves a random inspector port random, and adds none without an inspector', () => {
    expect(argv('cron', { execArgv: ['--inspect=0'], debugPort: 0 })).toContain('--inspect-port=0');
    expect(argv('cron', { execArgv: ['--inspect-publish-uid=http'] })).toEqual([
      '--inspect-publish-uid=http',
      '--max-old-space-size=128',
    ]);
  });
});
