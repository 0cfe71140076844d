import {
  publicGassySettings,
  type AccountListItem,
  type InstitutionOptions,
  type LoginResponse,
} from '@portal/domain';
import { SETTING_DEFINITIONS, type GassySettings, type SettingKey } from '@portal/settings-schema';
import type { StubResponse } from '@portal/web-kit/testing';

/** Settings a test sets, by key, as the text the server would send. */
export type SettingValues = Partial<Record<SettingKey, string>>;

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

/** Puts each key in the set the schema says it lives in (the wire shape of spec 000 section 3). */
export function wireSettings(values: SettingValues): GassySettings {
  const settings: GassySettings = { shared: {}, english: {} };
  for (const [key, value] of Object.entries(values)) {
    const [section, name] = key.split('.');
    if (value === undefined || !section || !name || !isSettingKey(key)) {
      throw new Error(`not a setting key with a value: ${key}`);
    }
    const set = SETTING_DEFINITIONS[key].set;
    settings[set][section] = { ...settings[set][section], [name]: value };
  }
  return settings;
}

export const TEST_INSTITUTION: InstitutionOptions = {
  cdnFolder: '/cdn/harbor',
  institutionName: 'Harbor Community Bank',
  PasswordMinimumLength: 8,
  UserNameMinimumLength: 8,
  LoanOfficeLength: 0,
  LoanAccountLength: 0,
  LoanCheckDigitLength: 0,
  DepositOfficeLength: 0,
  DepositAccountLength: 0,
  DepositCheckDigitLength: 0,
};

export const OK: StubResponse = { body: { HasNoErrors: true, Errors: [] } };

/** `GET /api/MaintenanceMode` when the portal is up. */
export const MAINTENANCE_OFF: StubResponse = {
  body: { HasNoErrors: true, Errors: [], isEnabled: false },
};

export const UNAUTHORIZED: StubResponse = {
  status: 401,
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Unauthorized' }] },
};

export function applicationOptionsBody(values: SettingValues = {}) {
  return {
    HasNoErrors: true,
    Errors: [],
    // As the server sends them: every public key, defaults filled in (publicGassySettings).
    gassySettings: publicGassySettings(wireSettings(values)),
    institutionOptions: TEST_INSTITUTION,
  };
}

export const TEST_USER = {
  LogonName: 'jordan.rivers',
  PersonalName: 'Jordan Rivers',
  EmailAddress: 'jordan@example.com',
  ServicingBranch: '7',
  CompanyNumber: 0,
  LastLoggedIn: '2026-01-05T14:30:00Z',
  LastLoggedInIP: '203.0.113.9',
};

export function profileBody() {
  return { HasNoErrors: true, Errors: [], UserInfo: TEST_USER };
}

export function loginResponseBody(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    HasNoErrors: true,
    Errors: [],
    UserName: TEST_USER.LogonName,
    PersonalName: TEST_USER.PersonalName,
    ServicingBranch: TEST_USER.ServicingBranch,
    LastLoggedInIP: TEST_USER.LastLoggedInIP,
    LastLoggedIn: TEST_USER.LastLoggedIn,
    UserToken: '',
    UserId: 'user-1',
    EmailAddress: TEST_USER.EmailAddress,
    CompanyNumber: 0,
    IsLoggedIn: true,
    EmailIsVerified: true,
    Password: true,
    ChangePasswordToken: '',
    MustChangePassword: false,
    HasPasswordQuestion: true,
    IsTrustedDevice: true,
    IsEmailCommunicationRestriced: false,
    MFARequired: false,
    WebAgreementLogs: [],
    BiometricsTokenExpiration: null,
    PendingSteps: [],
    BiometricsToken: '',
    ...overrides,
  };
}

/**
 * An account list item: an open account of 1,000 with the fields a test does not set. Money is the
 * wire's decimal dollars (a stubbed answer's body; the API client decodes it to cents).
 */
export function accountListItem(
  fields: Pick<AccountListItem, 'Number' | 'Type' | 'Description'> & Partial<AccountListItem>,
): AccountListItem {
  return { ...account(fields.Type, 0), Comment: '', ...fields };
}

function account(Type: number, index: number): AccountListItem {
  return {
    Number: `100${index}`,
    Type,
    Comment: 'Open',
    Description: `Account ${index}`,
    Balance: 1000,
    AvailableBalance: 1000,
    Rate: 675,
    Status: 'Current',
    StatementPreference: 'Electronic',
    LoanDueDate: null,
    LoanAmountDue: 0,
    MonthlyInstallment: 0,
    FeesDue: 0,
    NameOnAcct: 'Jordan Rivers',
  };
}

/** An account list with one account of each given Type (0 loan, 9 line of credit, 1 deposit…). */
export function accountListBody(types: readonly number[]) {
  return { HasNoErrors: true, Errors: [], Accounts: types.map(account) };
}
