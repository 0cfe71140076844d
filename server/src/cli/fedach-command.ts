import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FedAchDirectoryError, parseFedAchDirectory } from '../core/ach/routing-directory';
import {
  replaceStoredRoutingDirectory,
  storedRoutingDirectoryStatus,
} from '../core/builtin/ach/stored-routing-directory.repository';
import { systemClock } from '../lib/clock';
import {
  exitCodeOf,
  operatorCwd,
  readConfig,
  Refusal,
  text,
  withDatabase,
  type OperatorIo,
} from './operator-database';

const USAGE = `Usage: npx tsx server/src/cli/fedach.ts <command>

Commands:
  load --file FILE
      Loads FILE, the FedACH participant file of the Federal Reserve's E-Payments Routing
      Directory (FedACHdir.txt, 155-character records), as the routing directory the portal's
      bank lookup and the ACH processor use. It replaces the directory loaded before, in one
      step; the bundled banks (the Federal Reserve Banks and the demo banks) stay behind it.
      A file with a malformed line is refused whole, with every such line named.
  status
      How many banks the loaded directory holds, and when it was loaded.

The database is the server's: DATABASE_URL (PostgreSQL; the server may keep running, and every
instance sees the new directory at once), else PGlite in DATA_DIR (default ./data, from the
folder the command was started in; stop the server first).

Exit codes: 0 done, 1 refused or failed (nothing written), 2 wrong usage.`;

const usageError = (message: string) => new Refusal(`${message}\n\n${USAGE}`, 2);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function parseOptions(args: readonly string[], names: readonly string[]) {
  const all = { file: { type: 'string' } } as const;
  const options = Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageError(messageOf(error));
  }
}

async function load(args: readonly string[], io: OperatorIo): Promise<void> {
  const file = text(parseOptions(args, ['file']).file);
  if (file === undefined) throw usageError('--file is required.');
  let fileText: string;
  try {
    // The directory is ASCII; latin1 reads any byte, so a stray one is reported by the parser
    // as a malformed field rather than failing the read.
    fileText = await readFile(resolve(operatorCwd(io.env), file), 'latin1');
  } catch (error) {
    throw new Refusal(`${file} cannot be read: ${messageOf(error)}`);
  }
  // Parsed before the database opens: a bad file changes nothing.
  let participants;
  try {
    participants = parseFedAchDirectory(fileText);
  } catch (error) {
    if (error instanceof FedAchDirectoryError) {
      throw new Refusal(`${error.message}\nThe routing directory was not changed.`);
    }
    throw error;
  }
  const clock = io.clock ?? systemClock;
  await withDatabase(readConfig(io.env), io, async ({ db }) => {
    const before = await storedRoutingDirectoryStatus(db);
    const loaded = await replaceStoredRoutingDirectory(db, participants, clock.now());
    io.out(`Loaded ${loaded} banks from ${file} (the directory held ${before.banks} before).`);
  });
}

async function status(args: readonly string[], io: OperatorIo): Promise<void> {
  parseOptions(args, []);
  const current = await withDatabase(readConfig(io.env), io, ({ db }) =>
    storedRoutingDirectoryStatus(db),
  );
  if (current.banks === 0 || current.loadedAt === undefined) {
    io.out('No FedACH directory is loaded: the bank lookup knows the bundled banks only.');
    return;
  }
  io.out(`Banks: ${current.banks}`);
  io.out(`Loaded: ${current.loadedAt.toISOString()}`);
}

/** Runs the operators' FedACH directory command; returns the process exit code. */
export async function runFedAchCommand(argv: readonly string[], io: OperatorIo): Promise<number> {
  const [command, ...args] = argv;
  return exitCodeOf(io, 'fedach', async () => {
    if (command === 'load') await load(args, io);
    else if (command === 'status') await status(args, io);
    else if (command === 'help' || command === '--help') io.out(USAGE);
    else if (command === undefined) throw new Refusal(USAGE, 2);
    else throw usageError(`Unknown command "${command}".`);
  });
}
