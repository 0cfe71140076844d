import type { InstitutionConfiguration } from '@portal/settings-schema';
import { BUILT_IN_THEMES, brandTokensToSettings } from '@portal/themes';

export interface DemoInstitution {
  slug: string;
  name: string;
  /** Lower-case host names without port. */
  hosts: readonly string[];
  cdnFolder: string;
  timeZone: string;
  isDefault: boolean;
  /** Branch number that prefixes its account numbers. */
  branch: string;
  /** Published as settings version 1. */
  settings: InstitutionConfiguration;
}

/** Account numbers are office (3) - account (6) - check digit (1), e.g. 001-100234-5. */
const ACCOUNT_NUMBER_LENGTHS = {
  LoanOfficeLength: '3',
  LoanAccountLength: '6',
  LoanCheckDigitLength: '1',
  DepositOfficeLength: '3',
  DepositAccountLength: '6',
  DepositCheckDigitLength: '1',
};

/** The online banking agreement every Harbor borrower accepts at sign-in (dated before the seed). */
export const HARBOR_AGREEMENT_DATE = '2025-01-02';
/**
 * The online banking agreement (at sign-in and registration, host number 11337) and the E-Sign
 * disclosure asked before statements go paperless (host number 11338).
 */
const HARBOR_AGREEMENTS = [
  `/cdn/harbor/agreements/online-banking-agreement.html|${HARBOR_AGREEMENT_DATE}|Online Banking Agreement|login-registration`,
  `/cdn/harbor/agreements/esign-disclosure.html|${HARBOR_AGREEMENT_DATE}|E-Sign Disclosure|estatements`,
].join('\n');

/** The name of Cedar's single sign-on secret (institution_secrets), read by ssoSharedSecretReference. */
export const CEDAR_SSO_SECRET_NAME = 'sso-shared-secret';

/**
 * A navy community bank with every optional page on, and a green lender with a leaner portal:
 * the two differ in theme, navigation, footer texts and analytics, so host-based resolution is
 * visible at a glance. Summit asks for a security code at every sign-in and at registration (an
 * e-mailed code verifies the address); Cedar signs borrowers in through single sign-on only.
 */
export const DEMO_INSTITUTIONS: readonly DemoInstitution[] = [
  {
    slug: 'harbor',
    name: 'Harbor Community Bank',
    hosts: ['localhost', '127.0.0.1', 'harbor.localhost'],
    cdnFolder: '/cdn/harbor',
    timeZone: 'America/New_York',
    isDefault: true,
    branch: '001',
    settings: {
      shared: {
        ...brandTokensToSettings(BUILT_IN_THEMES.harbor.tokens),
        globalOptions: {
          useFAQOption: 'true',
          useBranchLocatorOption: 'true',
          useDocumentCenterOption: 'true',
          useFileServicesOption: 'true',
          applyForLoanURLOption: 'https://apply.harbor-community.example/loans',
          // Harbor takes consumer loan applications: the dashboard lists their status.
          useEgtConsumerOption: 'true',
        },
        institutionOptions: {
          PasswordMinimumLength: '8',
          UserNameMinimumLength: '6',
          ...ACCOUNT_NUMBER_LENGTHS,
        },
        institutionContactOptions: { customerServicePhoneNumber: '(800) 555-0142' },
        localeOptions: { institutionTimeZone: 'America/New_York' },
        analyticsOptions: { enablePageViewAnalyticsOption: 'true' },
        // The loan page's Insurance button, and the consent shown before paperless statements.
        loanDetailsOptions: { useInsuranceInformationOption: 'true' },
        eStatementOptions: { useEStatementConsentConfirmationOption: 'true' },
        // Admin-only values: they stay on the server (sessions, lockout).
        securityPolicyOptions: {
          sessionIdleTimeoutMinutes: '20',
          sessionAbsoluteTimeoutMinutes: '720',
          maxFailedLoginAttempts: '5',
          lockoutMinutes: '15',
        },
        messagesOptions: { messageRecipientEmail: 'service@harbor-community.example' },
        // Payments (README "Payments to try"): a past-due loan is paid today only; a recurring
        // ACH payment is authorized by the ACH draft agreement (kept on the Documents screen);
        // loans of branches 900-999 are paid on a partner's site.
        paymentSchedulingOptions: { blockSchedulingWhenPastDueOption: 'true' },
        achPaymentOptions: { requireAchDraftAgreementOption: 'true' },
        thirdPartyPaymentOptions: {
          useThirdPartyRouteOption: 'true',
          thirdPartyRouteBranchMinimum: '900',
          thirdPartyRouteBranchMaximum: '999',
          thirdPartyRouteURL: 'https://pay.harbor-partner.example/loans',
        },
      },
      english: {
        agreementTexts: { agreementSetup: HARBOR_AGREEMENTS },
        loggedInLayout: {
          copyrightText: 'All rights reserved.',
          footerRichText:
            '<p>Harbor Community Bank, 100 Harbor Way, Portland, ME 04101. Questions? Call <a href="tel:+18005550142">(800) 555-0142</a>.</p>',
        },
        loggedOutLayout: {
          copyrightText: 'All rights reserved.',
          disclosuresRichText:
            '<p><strong>Member FDIC. Equal Housing Lender.</strong></p><p>Deposit products are offered by Harbor Community Bank. Loans are subject to credit approval. This is a demonstration site; no real accounts are shown.</p>',
        },
      },
    },
  },
  {
    slug: 'summit',
    name: 'Summit Lending',
    hosts: ['summit.localhost'],
    cdnFolder: '/cdn/summit',
    timeZone: 'America/Denver',
    isDefault: false,
    branch: '201',
    settings: {
      shared: {
        ...brandTokensToSettings(BUILT_IN_THEMES.summit.tokens),
        globalOptions: {
          useFAQOption: 'false',
          hideContactUsOption: 'true',
          useBranchLocatorOption: 'true',
          useRemoteBranchLocatorOption: 'true',
          remoteBranchLocatorURLOption: 'https://www.summit-lending.example/locations',
        },
        institutionOptions: {
          PasswordMinimumLength: '10',
          UserNameMinimumLength: '8',
          ...ACCOUNT_NUMBER_LENGTHS,
        },
        institutionContactOptions: { customerServicePhoneNumber: '(888) 555-0177' },
        localeOptions: { institutionTimeZone: 'America/Denver' },
        // Every Summit sign-in asks for a security code (sent to the demo mailbox).
        securityCodeOptions: { multiFactorOption: 'true', allowTrustedDevicesOption: 'true' },
        // Registration asks for a security code e-mailed to the address entered.
        registrationOptions: { multiFactorDuringRegistrationOption: 'true' },
        // Summit's payment processor charges a third-party fee, shown before the borrower pays.
        paymentAmountOptions: {
          useThirdPartyFeeOption: 'true',
          thirdPartyAchFee: '1.00',
          thirdPartyDebitCardFee: '2.50',
          thirdPartyCreditCardFee: '3.95',
        },
        // As at Harbor: the loan page's Insurance button and the consent asked before paperless
        // statements (so both dialogs are seen, and checked, in Summit's dark scheme too).
        loanDetailsOptions: { useInsuranceInformationOption: 'true' },
        eStatementOptions: { useEStatementConsentConfirmationOption: 'true' },
        // Text alerts: the phone's texting opt-in, the Text toggles and the demo phone inbox; one
        // texting programme, under Summit's name (the subscription dialog's one group).
        notificationOptions: {
          allowTextMessagesOption: 'true',
          textProgramBrandings: JSON.stringify([{ BrandingId: 1, BrandingName: 'Summit Lending' }]),
        },
      },
      english: {
        // Asked before a bank account is saved for payments (spec 001 "ACH terms modal", host
        // number 11337), and the text message terms the text subscription dialog asks for first
        // (host number 11338; no demo borrower has accepted them).
        agreementTexts: {
          agreementSetup: [
            '/cdn/summit/agreements/ach-terms.html|2025-01-02|ACH Payment Terms|ach',
            '/cdn/summit/agreements/text-message-terms.html|2025-01-02|Text Message Terms|texting',
          ].join('\n'),
        },
        loggedInLayout: {
          copyrightText: 'NMLS #000000. Licensed lender.',
        },
        loggedOutLayout: {
          copyrightText: 'NMLS #000000. Licensed lender.',
          disclosuresRichText:
            '<p>Summit Lending, LLC is a demonstration lender. Equal Housing Opportunity.</p>',
        },
      },
    },
  },
  {
    slug: 'cedar',
    name: 'Cedar Credit Union',
    hosts: ['cedar.localhost'],
    cdnFolder: '/cdn/cedar',
    timeZone: 'America/Chicago',
    isDefault: false,
    branch: '301',
    settings: {
      shared: {
        ...brandTokensToSettings({ ...BUILT_IN_THEMES.summit.tokens, primaryColor: '#6d3b1f' }),
        globalOptions: {
          useFAQOption: 'true',
          // Cedar takes loan applications in the portal (no application site of its own): Apply
          // for a Loan opens the portal's form, the dashboard lists their status, and the
          // documents they ask for are uploaded in the Document Center.
          useEgtConsumerOption: 'true',
          useDocumentCenterOption: 'true',
          useFileServicesOption: 'true',
        },
        institutionOptions: {
          PasswordMinimumLength: '8',
          UserNameMinimumLength: '6',
          ...ACCOUNT_NUMBER_LENGTHS,
        },
        institutionContactOptions: { customerServicePhoneNumber: '(877) 555-0108' },
        localeOptions: { institutionTimeZone: 'America/Chicago' },
        // Contact-info changes go through staff: the profile's address and phone are read-only,
        // and Contact Info Change sends a request to Cedar's work queue (service@cedar.example).
        profileOptions: { forceManualCifChangesOption: 'true' },
        // Borrowers sign in at the credit union's identity provider (the demo one at /demo/idp).
        ssoOptions: {
          useSingleSignOnOption: 'true',
          ssoLoginURLOption: '/demo/idp',
          ssoTokenLifetimeSeconds: '60',
          ssoSharedSecretReference: CEDAR_SSO_SECRET_NAME,
        },
      },
      english: {
        loggedInLayout: { copyrightText: 'Federally insured by NCUA.' },
        loggedOutLayout: {
          copyrightText: 'Federally insured by NCUA.',
          disclosuresRichText: '<p>Cedar Credit Union is a demonstration credit union.</p>',
        },
      },
    },
  },
];
