import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { signHs256 } from '../../lib/hs256';
import { DEFAULT_SSO_SECRET_NAME, type InstitutionDirectory } from './auth.service';
import { createBorrowersService } from '../borrowers/borrowers.service';

export interface DemoIdentityProvider {
  /** Whether the institution signs in through single sign-on and has a secret to sign with. */
  available(institutionId: number): Promise<boolean>;
  users(institutionId: number): Promise<string[]>;
  /** A token for the user, as the institution's identity provider would sign it; undefined if unknown. */
  mint(institution: { id: number; slug: string }, username: string): Promise<string | undefined>;
}

/**
 * The demo stand-in for an institution's identity provider (demo mode only): it signs the same
 * short-lived, single-use HS256 tokens a real one would, with the institution's secret.
 */
export function createDemoIdentityProvider(options: {
  db: Kysely<Database>;
  clock: Clock;
  institutions: InstitutionDirectory;
}): DemoIdentityProvider {
  const { db, clock, institutions } = options;
  const borrowers = createBorrowersService({ db });

  async function secretOf(institutionId: number): Promise<string | undefined> {
    const settings = await institutions.settings(institutionId);
    if (!settings.get('ssoOptions.useSingleSignOnOption')) return undefined;
    const name =
      settings.get('ssoOptions.ssoSharedSecretReference').trim() || DEFAULT_SSO_SECRET_NAME;
    return institutions.secret(institutionId, name);
  }

  return {
    async available(institutionId) {
      return (await secretOf(institutionId)) !== undefined;
    },
    users: (institutionId) => borrowers.signInNames(institutionId),
    async mint(institution, username) {
      const secret = await secretOf(institution.id);
      const borrower = await borrowers.findBorrowerSigningIn(institution.id, username);
      if (!secret || !borrower) return undefined;
      const settings = await institutions.settings(institution.id);
      const iat = Math.floor(clock.now().getTime() / 1000);
      return signHs256(
        {
          sub: borrower.username,
          aud: institution.slug,
          iss: 'demo-idp',
          iat,
          exp: iat + Math.max(1, settings.get('ssoOptions.ssoTokenLifetimeSeconds')),
          jti: randomUUID(),
        },
        secret,
      );
    },
  };
}
