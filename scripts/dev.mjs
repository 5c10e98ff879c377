// `npm run dev`: rebuilds the browser bundle and the server on every change
// and restarts the server when its bundle changes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const children = [];
const run = (command, args, env = {}) => {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
};

const vite = 'node_modules/.bin/vite';
run(vite, ['build', '--watch', '--mode', 'development']);
run(vite, ['build', '--watch', '--mode', 'development', '--ssr']);

// Wait for the first server bundle, then let Node restart it on every rebuild.
const waitForBundle = () =>
  fs.existsSync('dist/server/main.js') ? run(process.execPath, ['--watch', 'dist/server/main.js']) : setTimeout(waitForBundle, 500);
waitForBundle();

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
