import type { Migration } from 'kysely';
import { foundation } from './0001-foundation';

/**
 * Every migration, in order. They live in code (not read from a folder at run time) so the
 * bundled server carries them. Never edit a released migration; add the next one.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_foundation': foundation,
};
