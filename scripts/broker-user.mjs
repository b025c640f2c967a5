/**
 * `npm run broker:user`: adds a user to a Mosquitto password file, or rotates an existing user's
 * password, and prints the new password once.
 *
 *   npm run broker:user -- --table "T7" [--password P] [--file .broker/passwords]
 *   npm run broker:user -- --screen lobby [--password P] [--file .broker/passwords]
 *   npm run broker:user -- --recorder [--password P] [--file .broker/passwords]
 *
 * A table's console user is named by its table key (`T 7` logs in as `T%207`). The broker reads
 * the file again on restart or on SIGHUP (`kill -HUP <pid>`, `systemctl reload mosquitto`); a new
 * screen user also needs `user <name>` / `topic read bacc/v1/#` in the ACL file.
 */
import { join } from 'node:path';
import { RECORDER_USER, RUN_DIR, addUser, checkUserNames, generatePassword, parseOptions, tableKey } from './broker-files.mjs';

function main() {
  const options = parseOptions(process.argv.slice(2), { flags: ['recorder'] });
  for (const name of Object.keys(options)) {
    if (!['table', 'screen', 'recorder', 'password', 'file'].includes(name)) throw new Error(`unknown option --${name}`);
  }
  const given = ['table', 'screen', 'recorder'].filter((name) => options[name] !== undefined);
  if (given.length !== 1) throw new Error('give one of --table <name>, --screen <name> or --recorder');
  if (options.screen === RECORDER_USER)
    throw new Error(`a screen cannot be named ${RECORDER_USER}: give --recorder for the room recorder's login`);
  if (options.screen !== undefined) checkUserNames([], [options.screen]);
  if (options.table !== undefined) checkUserNames([options.table], []);
  const username = options.table !== undefined ? tableKey(options.table) : (options.screen ?? RECORDER_USER);
  const password = options.password ?? generatePassword();
  const file = options.file ?? join(RUN_DIR, 'passwords');

  addUser(file, username, password);
  const who =
    options.table !== undefined
      ? `the console of ${JSON.stringify(options.table)}`
      : options.screen !== undefined
        ? 'the screen'
        : 'the recorder';
  console.log(`${who}: user ${username}  password ${password}`);
  console.log(`(in ${file}; the broker uses it after a restart or SIGHUP. The password is not shown again.)`);
}

try {
  main();
} catch (error) {
  console.error(`npm run broker:user: ${error.message}`);
  process.exit(1);
}
