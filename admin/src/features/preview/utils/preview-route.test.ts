import { describe, expect, it } from 'vitest';
import { DEFAULT_PREVIEW_ROUTE, previewRouteOf } from './preview-route';

describe('previewRouteOf', () => {
  it('opens a loan-page setting on the sample borrower’s loan, not the dashboard', () => {
    expect(previewRouteOf('/myaccount/loanDetails/{accountNumber}')).toBe(
      '/myaccount/loanDetails/000-900001-1',
    );
  });

  it('opens a deposit-page setting on the sample borrower’s savings account', () => {
    expect(previewRouteOf('/myaccount/deposits/depositDetails/{accountNumber}')).toBe(
      '/myaccount/deposits/depositDetails/000-900003-3',
    );
  });

  it('opens a payment setting on Make Payment for the sample loan, where the steps show', () => {
    expect(previewRouteOf('/myaccount/payment')).toBe('/myaccount/payment/000-900001-1');
  });

  it('opens routes without a parameter as they are, and others where they can be shown', () => {
    expect(previewRouteOf('/myaccount/profile')).toBe('/myaccount/profile');
    expect(previewRouteOf('/myaccount/applicationdetails/{applicationNumber}')).toBe(
      '/myaccount/dashboard',
    );
    expect(previewRouteOf('/home/verifyEmail/{enc}')).toBe(DEFAULT_PREVIEW_ROUTE);
    expect(previewRouteOf(undefined)).toBeUndefined();
  });
});
