import { ConfigError, loadConfig } from './config';
import { runVariantBackfill } from './cli/media-variants';
import { runMediaEncoder } from './cli/media-encoder';
import { backupCommand, restoreCommand } from './cli/backup-commands';
import { passwordCommand } from './cli/password-command';
import { exportCommand, importCommand } from './cli/transfer-commands';

/**
 * The operator's commands, bundled beside the server (dist/server/cli.js) and
 * reading the same environment: `backup FILE`, `restore FILE [--force]`,
 * `password [--disable-2fa]`, `media:variants [--retry-failed]`,
 * `import FILE [--dry-run] [--format …] [--shop-url URL]`, `export FILE [--format csv|json]`. Any failure
 * exits non-zero with a message.
 */
const commands: Record<string, (args: string[]) => Promise<void>> = {
  backup: backupCommand,
  restore: restoreCommand,
  password: passwordCommand,
  import: importCommand,
  export: exportCommand,
  // Started by the server itself (encoder-process.ts), one per machine.
  'media:encoder': () => runMediaEncoder(loadConfig()),
  'media:variants': async (args) => {
    const { failed } = await runVariantBackfill(loadConfig(), { retryFailed: args.includes('--retry-failed') });
    if (failed > 0) throw new Error(`${failed} image(s) could not be converted; see above, then try again with --retry-failed`);
  },
};

const [name = '', ...args] = process.argv.slice(2);
const command = commands[name];
if (!command) {
  process.stderr.write(`Usage: showcase <${Object.keys(commands).join('|')}> [arguments]\n`);
  process.exit(2);
}
command(args).then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name} failed: ${message}\n`);
    process.exit(1);
  },
);
