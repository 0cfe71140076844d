import type { StaffRole } from '@portal/domain';
import { STAFF_SESSION_COOKIE } from '../modules/staff/staff.routes';
import { totpCode } from '../modules/staff/totp';
import { PORTAL_WRITE_HEADERS, type TestApp } from './test-app';

const STAFF_PASSWORD = 'Staff-Pass-2024!';

/**
 * A staff member of one institution (by host), signed in through the real admin sign-in with
 * their second factor; answers the cookie header that carries their session. `isImplementer`
 * makes them an implementer too (publisher everywhere, whatever the membership's role).
 */
export async function signedInStaff(
  test: TestApp,
  staff: { email: string; host: string; role: StaffRole; isImplementer?: boolean },
): Promise<string> {
  const institution = await test.app.services.institutions.resolveHost(staff.host);
  if (!institution) throw new Error(`no institution at ${staff.host}`);
  const created = await test.app.services.adminAuth.createStaff({
    email: staff.email,
    name: staff.email.split('@')[0] ?? staff.email,
    password: STAFF_PASSWORD,
    isImplementer: staff.isImplementer ?? false,
    withTotp: true,
    memberships: [{ institutionId: institution.id, role: staff.role }],
  });
  if (!created.totpSecret) throw new Error('no TOTP secret');
  const challenge = await test.app.inject({
    method: 'POST',
    url: '/admin-api/login',
    headers: PORTAL_WRITE_HEADERS,
    payload: { email: staff.email, password: STAFF_PASSWORD },
  });
  if (challenge.statusCode !== 200) throw new Error(`staff sign-in: ${challenge.body}`);
  // A fresh time step: an accepted code is never accepted again.
  test.clock.advance(30_000);
  const verify = await test.app.inject({
    method: 'POST',
    url: '/admin-api/login/verify',
    headers: PORTAL_WRITE_HEADERS,
    payload: {
      challengeId: challenge.json().challengeId,
      code: totpCode(created.totpSecret, test.clock.now()),
    },
  });
  const cookie = verify.cookies.find((candidate) => candidate.name === STAFF_SESSION_COOKIE);
  if (!cookie) throw new Error(`staff verify: ${verify.body}`);
  return `${STAFF_SESSION_COOKIE}=${cookie.value}`;
}
