/** Every demo borrower signs in with this password (documented in README.md here). */
export const DEMO_PASSWORD = 'Demo-Pass-2024';

/** The answer to every demo user's secret question. */
export const DEMO_SECRET_ANSWER = 'Lighthouse';

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  /** What the portal shows as the user's name; a company for a non-personal user. */
  personalName: string;
  /** 0 = personal user. */
  companyNumber: number;
  dateOfBirth: string;
  zip: string;
  phone: string;
  /** Days before the seed day of the previous sign-in, so "Previous login" shows something. */
  lastLoginDaysAgo: number;
  lastLoginIp: string;
}

/** The same three borrowers exist at each demo institution (user names are per institution). */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'jordan.rivers',
    firstName: 'Jordan',
    lastName: 'Rivers',
    personalName: 'Jordan Rivers',
    companyNumber: 0,
    dateOfBirth: '1986-04-12',
    zip: '04101',
    phone: '2075550134',
    lastLoginDaysAgo: 3,
    lastLoginIp: '203.0.113.24',
  },
  {
    username: 'casey.morgan',
    firstName: 'Casey',
    lastName: 'Morgan',
    personalName: 'Morgan Freight Logistics LLC',
    companyNumber: 7,
    dateOfBirth: '1979-11-02',
    zip: '04102',
    phone: '2075550188',
    lastLoginDaysAgo: 9,
    lastLoginIp: '198.51.100.7',
  },
  {
    username: 'pat.lee',
    firstName: 'Pat',
    lastName: 'Lee',
    personalName: 'Pat Lee',
    companyNumber: 0,
    dateOfBirth: '1992-07-30',
    zip: '04103',
    phone: '2075550161',
    lastLoginDaysAgo: 1,
    lastLoginIp: '192.0.2.55',
  },
];

export function demoEmail(username: string, institutionSlug: string): string {
  return `${username}@${institutionSlug}.demo.example`;
}
