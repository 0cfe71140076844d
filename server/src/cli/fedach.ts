// The operators' FedACH directory command (README "The FedACH routing directory"):
// `npx tsx server/src/cli/fedach.ts <command>` from the repository.
import { runFedAchCommand } from './fedach-command';

process.exitCode = await runFedAchCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
