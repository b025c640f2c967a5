/**
 * Child processes for the end-to-end tests of the card-reading shoe: `bacc` as it ships (built from
 * the TypeScript now, since lib/ may be older than the source), socat pty pairs standing in for a
 * serial cable.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { until } from '../support/wait.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** The processes started and not yet ended, so a test's afterAll can kill what is left. */
const started = new Set<ChildProcess>();

export function run(command: string, args: string[]): Run {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      started.delete(child);
      resolve(code);
    }),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Ends a process with SIGTERM (as a person's Ctrl-C would) and waits for its exit code. */
export async function end(running: Run): Promise<number | null> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGTERM');
  return running.exited;
}

/** Kills every process still running (a failed test's leftovers). */
export function killStarted(): void {
  for (const child of started) child.kill('SIGKILL');
}

/** Builds the CLI into `folder` as it ships (the server's bin/bacc.js importing ../lib/cli.js); returns a runner. */
export async function buildBacc(folder: string): Promise<(...args: string[]) => Run> {
  await build({
    entryPoints: [join(root, 'server', 'src', 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: join(folder, 'lib', 'cli.js'),
    logLevel: 'warning',
  });
  mkdirSync(join(folder, 'bin'));
  copyFileSync(join(root, 'server', 'bin', 'bacc.js'), join(folder, 'bin', 'bacc.js'));
  const bin = join(folder, 'bin', 'bacc.js');
  return (...args) => run(process.execPath, [bin, ...args]);
}

/**
 * A serial cable as a socat pty pair: `shoe` (the device's end) and `host` (the reader's), as links
 * in `dir`. Ending the process pulls the cable: both ends go away until a new pair is made.
 */
export async function ptyPair(dir: string): Promise<Run> {
  const socat = run('socat', ['-d', '-d', `pty,raw,echo=0,link=${join(dir, 'shoe')}`, `pty,raw,echo=0,link=${join(dir, 'host')}`]);
  await until(() => existsSync(join(dir, 'shoe')) && existsSync(join(dir, 'host')), 'socat', 5000);
  return socat;
}
