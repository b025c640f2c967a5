#!/usr/bin/env node
// The `bacc` command. Its TypeScript source is bin/cli.ts, compiled to lib/ by `npm install`
// (the package's prepare script).
import { createInterface } from 'node:readline';

let cli;
try {
  cli = await import('../lib/bin/cli.js');
} catch {
  process.stderr.write('bacc: the command is not built; run "npm install" (or "npm run prepare") first\n');
  process.exit(2);
}
process.exitCode = await cli.main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdinLines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
});
