import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';
import {
  LOAN,
  NO_HOLDS,
  fixTheDate,
  listItem,
  renderPayment,
} from '../../../testing/payment-page-harness';

/*
 * The link to a third-party payment site under the loan account dropdown (spec 001 section 2,
 * step 1: "an optional link to a third-party payment site"): shown when its setting is on and
 * its address is a web address (or a path of this site), with the configured wording, opening
 * in a new tab that cannot reach back into the portal. Only fetch is stubbed.
 */

const PARTNER_SITE = 'https://pay.partner.example/loans';
const LINK_TEXT = 'Pay on our payment partner site';
const SHOW_LINK: SettingValues = {
  'thirdPartyPaymentOptions.showThirdPartyPaymentLinkOption': 'true',
  'thirdPartyPaymentOptions.thirdPartyPaymentLinkURL': PARTNER_SITE,
};

beforeEach(fixTheDate);
afterEach(() => {
  vi.useRealTimers();
});

async function loanAccountSelect() {
  return screen.findByRole('combobox', { name: 'Loan Account' });
}

describe(
  'the third-party payment link under the loan account dropdown',
  { timeout: 20_000 },
  () => {
    it('links to the configured site in a new tab, right under the dropdown', async () => {
      renderPayment({ settings: SHOW_LINK });
      const select = await loanAccountSelect();
      const link = screen.getByRole('link', { name: LINK_TEXT });
      expect(link).toHaveAttribute('href', PARTNER_SITE);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ')).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
      // In the Select Loan Account section, after the dropdown and before the payment type.
      const section = screen.getByRole('region', { name: 'Select Loan Account' });
      expect(within(section).getByRole('link', { name: LINK_TEXT })).toBe(link);
      expect(select.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      const card = await screen.findByRole('radio', { name: 'Card' });
      expect(link.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await expectNoAxeViolations();
    });

    it('is there before a loan is chosen', async () => {
      renderPortal({
        path: '/myaccount/payment',
        signedIn: true,
        settings: { ...NO_HOLDS, ...SHOW_LINK },
        routes: {
          'GET /api/accountList': {
            body: {
              HasNoErrors: true,
              Errors: [],
              Accounts: [listItem(), listItem({ Number: '001-200-1' })],
            },
          },
        },
      });
      expect(await loanAccountSelect()).toHaveValue('');
      expect(screen.getByRole('link', { name: LINK_TEXT })).toHaveAttribute('href', PARTNER_SITE);
    });

    it('uses the configured wording', async () => {
      renderPayment({
        settings: {
          ...SHOW_LINK,
          'thirdPartyPaymentTexts.thirdPartyPaymentLinkText': 'Pay with Partner Pay',
        },
      });
      await loanAccountSelect();
      expect(screen.getByRole('link', { name: 'Pay with Partner Pay' })).toHaveAttribute(
        'href',
        PARTNER_SITE,
      );
      expect(screen.queryByRole('link', { name: LINK_TEXT })).toBeNull();
    });

    it('resolves a path of this site against the portal', async () => {
      renderPayment({
        settings: {
          ...SHOW_LINK,
          'thirdPartyPaymentOptions.thirdPartyPaymentLinkURL': '/pay/partner',
        },
      });
      await loanAccountSelect();
      expect(screen.getByRole('link', { name: LINK_TEXT })).toHaveAttribute(
        'href',
        `${window.location.origin}/pay/partner`,
      );
    });

    it('is left out while its setting is off, without an address, or for an address that is not a web address', async () => {
      for (const settings of [
        { 'thirdPartyPaymentOptions.thirdPartyPaymentLinkURL': PARTNER_SITE },
        { ...SHOW_LINK, 'thirdPartyPaymentOptions.thirdPartyPaymentLinkURL': '' },
        {
          ...SHOW_LINK,
          'thirdPartyPaymentOptions.thirdPartyPaymentLinkURL': 'javascript:alert(1)',
        },
        { ...SHOW_LINK, 'thirdPartyPaymentOptions.thirdPartyPaymentLinkURL': '//evil.example/x' },
      ] satisfies SettingValues[]) {
        const ui = renderPayment({ settings });
        expect(await loanAccountSelect()).toHaveValue(LOAN);
        // The page has loaded past the dropdown (the loan's payment type step is shown).
        expect(await screen.findByRole('radio', { name: 'Card' })).toBeInTheDocument();
        expect([JSON.stringify(settings), screen.queryByRole('link', { name: LINK_TEXT })]).toEqual(
          [JSON.stringify(settings), null],
        );
        ui.unmount();
      }
    });
  },
);
