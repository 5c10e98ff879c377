import { spawn } from 'node:child_process';
import path from 'node:path';

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs the operator's command line (src/server/cli.ts, through tsx) with the given environment and standard input. */
export function runCli(args: string[], env: Record<string, string | undefined>, stdin = ''): Promise<CliResult> {
  const root = path.resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/cli.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
