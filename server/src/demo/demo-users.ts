/** Every demo borrower signs in with this password (documented in README.md here). */
export const DEMO_PASSWORD = 'Demo-Pass-2024';

/** The answer to every demo user's secret question. */
export const DEMO_SECRET_ANSWER = 'Lighthouse';

export const DEMO_SECRET_QUESTION = 'What was the name of your first boat?';

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  /** What the portal shows as the user's name; a company for a non-personal user. */
  personalName: string;
  /** 0 = personal user. */
  companyNumber: number;
  /** The demo mailbox (/demo/mailbox) shows what is sent here. */
  email: string;
  /** Nine digits; 9xx numbers are never issued, so no real person's SSN is in the demo. */
  ssn: string;
  dateOfBirth: string;
  zip: string;
  phone: string;
  /** Days before the seed day of the previous sign-in, so "Previous login" shows something. */
  lastLoginDaysAgo: number;
  lastLoginIp: string;
  /** The institutions (slugs) where the user exists. */
  institutions: readonly string[];
  /** The first sign-in asks for a new password (the changePassword step). */
  mustChangePassword?: boolean;
  /** The user has not accepted the institution's login agreements yet (the agreements step). */
  agreementsPending?: boolean;
}

const BOTH = ['harbor', 'summit'] as const;

/**
 * The demo borrowers. jordan.rivers, casey.morgan and pat.lee exist at Harbor and Summit (user
 * names are per institution); at Harbor they go straight to the dashboard, Summit asks every
 * sign-in for a security code. riley.chen and avery.stone show the post-login steps at Harbor;
 * sky.bennett has no e-mail address; devon.hayes has payments already made (a recurring and a
 * scheduled one, payments.demo.ts); quinn.harper signs in through Cedar's single sign-on.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'jordan.rivers',
    firstName: 'Jordan',
    lastName: 'Rivers',
    personalName: 'Jordan Rivers',
    companyNumber: 0,
    email: 'jordan.rivers@example.test',
    ssn: '900112222',
    dateOfBirth: '1986-04-12',
    zip: '04101',
    phone: '2075550134',
    lastLoginDaysAgo: 3,
    lastLoginIp: '203.0.113.24',
    institutions: BOTH,
  },
  {
    username: 'casey.morgan',
    firstName: 'Casey',
    lastName: 'Morgan',
    personalName: 'Morgan Freight Logistics LLC',
    companyNumber: 7,
    email: 'casey.morgan@example.test',
    ssn: '900223333',
    dateOfBirth: '1979-11-02',
    zip: '04102',
    phone: '2075550188',
    lastLoginDaysAgo: 9,
    lastLoginIp: '198.51.100.7',
    institutions: BOTH,
  },
  {
    username: 'pat.lee',
    firstName: 'Pat',
    lastName: 'Lee',
    personalName: 'Pat Lee',
    companyNumber: 0,
    email: 'pat.lee@example.test',
    ssn: '900334444',
    dateOfBirth: '1992-07-30',
    zip: '04103',
    phone: '2075550161',
    lastLoginDaysAgo: 1,
    lastLoginIp: '192.0.2.55',
    institutions: BOTH,
  },
  {
    username: 'riley.chen',
    firstName: 'Riley',
    lastName: 'Chen',
    personalName: 'Riley Chen',
    companyNumber: 0,
    email: 'riley.chen@example.test',
    ssn: '900445555',
    dateOfBirth: '1990-01-21',
    zip: '04104',
    phone: '2075550123',
    lastLoginDaysAgo: 40,
    lastLoginIp: '203.0.113.80',
    institutions: ['harbor'],
    mustChangePassword: true,
  },
  {
    username: 'avery.stone',
    firstName: 'Avery',
    lastName: 'Stone',
    personalName: 'Avery Stone',
    companyNumber: 0,
    email: 'avery.stone@example.test',
    ssn: '900556666',
    dateOfBirth: '1983-09-09',
    zip: '04105',
    phone: '2075550145',
    lastLoginDaysAgo: 20,
    lastLoginIp: '198.51.100.31',
    institutions: ['harbor'],
    agreementsPending: true,
  },
  {
    // No e-mail address on file: the dashboard warns, and e-statements prompt for one.
    username: 'sky.bennett',
    firstName: 'Sky',
    lastName: 'Bennett',
    personalName: 'Sky Bennett',
    companyNumber: 0,
    email: '',
    ssn: '900881212',
    dateOfBirth: '1988-02-14',
    zip: '04106',
    phone: '2075550177',
    lastLoginDaysAgo: 12,
    lastLoginIp: '198.51.100.62',
    institutions: ['harbor'],
  },
  {
    // A recurring payment and a scheduled payment already made, by a saved card (payments.demo.ts).
    username: 'devon.hayes',
    firstName: 'Devon',
    lastName: 'Hayes',
    personalName: 'Devon Hayes',
    companyNumber: 0,
    email: 'devon.hayes@example.test',
    ssn: '900551313',
    dateOfBirth: '1981-10-06',
    zip: '04102',
    phone: '2075550152',
    lastLoginDaysAgo: 6,
    lastLoginIp: '203.0.113.57',
    institutions: ['harbor'],
  },
  // The Profile journeys (e2e/profile.spec.ts), one borrower each, as they change data: robin.hale
  // gets a new e-mail address and password, taylor.reed (Harbor and Summit) leaves the profile
  // with unsaved changes and saves notification toggles by keyboard, alex.park (Summit, which
  // offers texts) subscribes a phone to texts and pays.
  {
    username: 'robin.hale',
    firstName: 'Robin',
    lastName: 'Hale',
    personalName: 'Robin Hale',
    companyNumber: 0,
    email: 'robin.hale@example.test',
    ssn: '900771414',
    dateOfBirth: '1984-03-03',
    zip: '04101',
    phone: '2075550191',
    lastLoginDaysAgo: 4,
    lastLoginIp: '203.0.113.91',
    institutions: ['harbor'],
  },
  {
    username: 'taylor.reed',
    firstName: 'Taylor',
    lastName: 'Reed',
    personalName: 'Taylor Reed',
    companyNumber: 0,
    email: 'taylor.reed@example.test',
    ssn: '900771515',
    dateOfBirth: '1991-06-18',
    zip: '04103',
    phone: '2075550192',
    lastLoginDaysAgo: 2,
    lastLoginIp: '198.51.100.92',
    institutions: BOTH,
  },
  {
    username: 'alex.park',
    firstName: 'Alex',
    lastName: 'Park',
    personalName: 'Alex Park',
    companyNumber: 0,
    email: 'alex.park@example.test',
    ssn: '900771616',
    dateOfBirth: '1987-12-09',
    zip: '04104',
    phone: '2075550193',
    lastLoginDaysAgo: 7,
    lastLoginIp: '192.0.2.93',
    institutions: ['summit'],
  },
  {
    username: 'quinn.harper',
    firstName: 'Quinn',
    lastName: 'Harper',
    personalName: 'Quinn Harper',
    companyNumber: 0,
    email: 'quinn.harper@example.test',
    ssn: '900667777',
    dateOfBirth: '1975-05-17',
    zip: '80202',
    phone: '3035550110',
    lastLoginDaysAgo: 5,
    lastLoginIp: '192.0.2.140',
    institutions: ['cedar'],
  },
];

export function demoUsersOf(institutionSlug: string): DemoUser[] {
  return DEMO_USERS.filter((user) => user.institutions.includes(institutionSlug));
}

/** The demo ZIP codes' cities (as the ZIP directory has them), for mailing addresses. */
const DEMO_CITIES: Readonly<Record<string, { city: string; state: string }>> = {
  '04101': { city: 'Portland', state: 'ME' },
  '04102': { city: 'Portland', state: 'ME' },
  '04103': { city: 'Portland', state: 'ME' },
  '04104': { city: 'Portland', state: 'ME' },
  '04105': { city: 'Falmouth', state: 'ME' },
  '04106': { city: 'South Portland', state: 'ME' },
  '04107': { city: 'Cape Elizabeth', state: 'ME' },
  '80202': { city: 'Denver', state: 'CO' },
  '80203': { city: 'Denver', state: 'CO' },
};

/** A demo mailing address in the ZIP code's own city (the street number from the ZIP code). */
export function demoAddress(zip: string) {
  const place = DEMO_CITIES[zip] ?? { city: 'Portland', state: 'ME' };
  return {
    address1: `${100 + (Number(zip) % 800)} Commercial Street`,
    city: place.city,
    state: place.state,
    zipCode: zip,
  };
}
