import { readFileSync } from 'node:fs';
import { validateInstitutionConfig } from './validate';

const USAGE = `Usage: portal-settings <command>

Commands:
  validate FILE   Check an institution configuration JSON file against the settings schema.
`;

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** Runs the implementers' command line; returns the process exit code. */
export function runCli(argv: readonly string[], out = console.log, err = console.error): number {
  const [command, ...args] = argv;
  if (command === 'validate' && args.length === 1 && args[0]) {
    let config: unknown;
    try {
      config = readJson(args[0]);
    } catch (error) {
      err(`${args[0]}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    const result = validateInstitutionConfig(config);
    if (result.valid) {
      out(`${args[0]}: valid`);
      return 0;
    }
    for (const error of result.errors) {
      err(`${args[0]}: ${error.key}${error.set ? ` (${error.set})` : ''}: ${error.message}`);
    }
    err(`${result.errors.length} error(s)`);
    return 1;
  }
  err(USAGE);
  return 2;
}
