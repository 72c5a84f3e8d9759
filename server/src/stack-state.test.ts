import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import {
  describeStack,
  readStackState,
  removeStackState,
  stackStatePath,
  writeStackState,
  type StackState,
} from './stack-state.ts';

const state = (pid: number): StackState => ({
  pid,
  url: 'http://127.0.0.1:8080',
  anonKey: 'anon.jwt',
  serviceRoleKey: 'service.jwt',
  databaseUrl: 'postgresql://postgres:secret@127.0.0.1:5432/postgres',
  jwtSecretSource: '/data/jwt-secret',
  lotteryTimezone: 'UTC',
});

test('a running stack is found, its file readable by its owner only', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-state-'));
  writeStackState(dir, state(process.pid));
  expect(readStackState(dir)).toEqual(state(process.pid));
  expect(statSync(stackStatePath(dir)).mode & 0o777).toBe(0o600);
  removeStackState(dir);
  expect(readStackState(dir)).toBeUndefined();
});

test('a file left by a killed stack does not count as running', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-state-'));
  writeStackState(dir, state(2 ** 22 + 12_345)); // above Linux's pid_max: no such process
  expect(readStackState(dir)).toBeUndefined();
});

test('status names every key and where the JWT secret lives, as supabase status does', () => {
  const lines = describeStack(state(1)).join('\n');
  for (const expected of [
    'API URL',
    'anon.jwt',
    'service.jwt',
    'postgresql://',
    '/data/jwt-secret',
  ])
    expect(lines).toContain(expected);
});
