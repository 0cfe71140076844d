import type { SettingsAccessor } from '@portal/settings-schema';

/**
 * Whether myaccount/documents lists the loans' own documents beside the recurring ACH
 * authorizations (file services on). One rule for the three places that name the page, so the
 * menu item, the browser title and the heading never disagree (issue 20 item 13): the page
 * titled 'Payment Authorizations and Loan Documents' was reached through 'Payment Authorizations'.
 */
export function documentsScreenListsLoanDocuments(settings: SettingsAccessor): boolean {
  return settings.get('globalOptions.useFileServicesOption');
}
