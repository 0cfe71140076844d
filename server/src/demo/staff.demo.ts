import type { StaffRole } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  insertStaffAccount,
  insertStaffMembership,
  institutionIdsBySlug,
} from './demo-seed.repository';

export interface DemoStaffMember {
  email: string;
  name: string;
  isImplementer: boolean;
  memberships: readonly { slug: string; role: StaffRole }[];
}

/**
 * The demo's staff (password Demo-Pass-2024). They have no authenticator app: in demo mode the
 * second factor is a code e-mailed to the demo mailbox (/demo/mailbox on localhost).
 */
export const DEMO_STAFF: readonly DemoStaffMember[] = [
  {
    email: 'viewer@harbor.example',
    name: 'Vic Viewer',
    isImplementer: false,
    memberships: [{ slug: 'harbor', role: 'viewer' }],
  },
  {
    email: 'editor@harbor.example',
    name: 'Eden Editor',
    isImplementer: false,
    memberships: [{ slug: 'harbor', role: 'editor' }],
  },
  {
    // A second editor at Harbor, so two people (or two test workers) can edit at once: a staff
    // member's newer sign-in code replaces the older one.
    email: 'designer@harbor.example',
    name: 'Dana Designer',
    isImplementer: false,
    memberships: [{ slug: 'harbor', role: 'editor' }],
  },
  {
    email: 'publisher@harbor.example',
    name: 'Parker Publisher',
    isImplementer: false,
    memberships: [{ slug: 'harbor', role: 'publisher' }],
  },
  {
    email: 'publisher@summit.example',
    name: 'Sam Summit',
    isImplementer: false,
    memberships: [{ slug: 'summit', role: 'publisher' }],
  },
  {
    email: 'implementer@portal.example',
    name: 'Imani Implementer',
    isImplementer: true,
    memberships: [],
  },
  {
    // Cedar's member services: works Cedar's queue of requests from borrowers (the work queue).
    email: 'service@cedar.example',
    name: 'Cass Service',
    isImplementer: false,
    memberships: [{ slug: 'cedar', role: 'editor' }],
  },
  {
    // Cedar's loan officer: moves the loan applications of Cedar's work queue through their
    // statuses (the journey of e2e/loan-application.spec.ts, and no other journey).
    email: 'loans@cedar.example',
    name: 'Logan Lender',
    isImplementer: false,
    memberships: [{ slug: 'cedar', role: 'editor' }],
  },
  {
    // Harbor's member services: answers questions from Harbor's work queue (the keyboard-only
    // journey of e2e/work-queue.spec.ts, and no other journey).
    email: 'service@harbor.example',
    name: 'Harper Service',
    isImplementer: false,
    memberships: [{ slug: 'harbor', role: 'editor' }],
  },
  {
    // A second implementer, so two people (or two test workers) can onboard at once: a staff
    // member's newer sign-in code replaces the older one.
    email: 'onboarding@portal.example',
    name: 'Omar Onboarding',
    isImplementer: true,
    memberships: [],
  },
];

/** Adds the demo staff; runs inside the demo seed's transaction, after the institutions. */
export async function seedStaffDemo(
  trx: Kysely<Database>,
  options: { password: string; hash: (password: string) => Promise<string>; now: Date },
): Promise<void> {
  const idOf = await institutionIdsBySlug(trx);
  const hashes = await Promise.all(DEMO_STAFF.map(() => options.hash(options.password)));
  for (const [index, member] of DEMO_STAFF.entries()) {
    const id = await insertStaffAccount(trx, {
      email: member.email,
      name: member.name,
      password_hash: hashes[index] ?? '',
      totp_secret_encrypted: null,
      is_implementer: member.isImplementer,
      created_at: options.now,
    });
    for (const membership of member.memberships) {
      const institutionId = idOf.get(membership.slug);
      if (institutionId === undefined) continue;
      await insertStaffMembership(trx, { staffId: id, institutionId, role: membership.role });
    }
  }
}
