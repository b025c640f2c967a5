#!/usr/bin/env node
// The `bacc` command. Its TypeScript source is src/cli.ts, built into lib/ by `npm install`
// (the repository's prepare script; npm run build here).
import { createInterface } from 'node:readline';

// A reader that stops early (`bacc simulate | head`) closes the pipe: that is the end of the
// output, not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => process.exit(error.code === 'EPIPE' ? 0 : 1));
}

let cli;
try {
  cli = await import('../lib/cli.js');
} catch (error) {
  // Only the command itself missing is "not built"; a package it imports missing is said as it is.
  const notBuilt = error?.code === 'ERR_MODULE_NOT_FOUND' && /Cannot find module '[^']*lib[/\\]cli\.js'/.test(String(error.message));
  process.stderr.write(
    notBuilt
      ? 'bacc: the command is not built; run "npm install" (or "npm run prepare") first\n'
      : `bacc: could not start: ${String(error?.message ?? error).split('\n')[0]}\n`,
  );
  process.exit(2);
}
process.exitCode = await cli.main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdinLines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
});
