import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './worker-argv.ts';

describe('workerExecArgv', () => {
  it('passes the supervisor flags on with the group heap cap in place of any other', () => {
    expect(
      workerExecArgv('cron', {
        execArgv: ['--max-old-space-size=4096', '--enable-source-maps'],
        typescript: false,
      }),
    ).toEqual(['--enable-source-maps', '--max-old-space-size=128']);
  });

  it('adds tsx once, and not to the compiled server', () => {
    expect(workerExecArgv('http', { execArgv: [] })).toEqual([
      '--import',
      'tsx',
      '--max-old-space-size=1024',
    ]);
    expect(workerExecArgv('http', { execArgv: ['--import', 'tsx'] })).toEqual([
      '--import',
      'tsx',
      '--max-old-space-size=1024',
    ]);
  });

  it('gives each worker an inspector port of its own after the supervisor', () => {
    const ports = (['http', 'realtime', 'functions', 'cron'] as const).map((group) =>
      workerExecArgv(group, {
        execArgv: ['--inspect=127.0.0.1:9400'],
        typescript: false,
        debugPort: 9400,
      }).find((arg) => arg.startsWith('--inspect-port=')),
    );
    expect(ports).toEqual([
      '--inspect-port=9401',
      '--inspect-port=9402',
      '--inspect-port=9403',
      '--inspect-port=9404',
    ]);
    for (const flag of ['--inspect', '--inspect-brk', '--inspect-wait=9229'])
      expect(
        workerExecArgv('http', { execArgv: [flag], typescript: false, debugPort: 9229 }),
      ).toEqual([flag, '--inspect-port=9230', '--max-old-space-size=1024']);
  });

  it('leaves a random inspector port random, and adds none without an inspector', () => {
    expect(
      workerExecArgv('cron', { execArgv: ['--inspect=0'], typescript: false, debugPort: 0 }),
    ).toContain('--inspect-port=0');
    expect(
      workerExecArgv('cron', { execArgv: ['--inspect-publish-uid=http'], typescript: false }),
    ).toEqual(['--inspect-publish-uid=http', '--max-old-space-size=128']);
  });
});
