// The operators' institution command (README "Starting a new deployment"): `npm run institution
// --workspace @portal/server -- <command>` in development, `node server/dist/institution.js
// <command>` when built.
import { runInstitutionCommand } from './institution-command';

process.exitCode = await runInstitutionCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
