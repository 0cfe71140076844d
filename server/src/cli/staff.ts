// The operators' staff command (README "Starting a new deployment"): `npm run staff --workspace
// @portal/server -- <command>` in development, `node server/dist/staff.js <command>` when built.
import { text } from 'node:stream/consumers';
import { runStaffCommand } from './staff-command';

process.exitCode = await runStaffCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readStdin: () => text(process.stdin),
});
