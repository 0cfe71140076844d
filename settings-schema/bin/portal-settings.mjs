#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so implementers need no build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
process.exitCode = runCli(process.argv.slice(2));
