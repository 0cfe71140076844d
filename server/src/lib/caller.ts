/**
 * Who a signed-in borrower's call comes from, as the services take it (built from the request by
 * plugins/signed-in-caller.ts). The payments', the saved methods' and the loan page's callers are
 * this shape or a part of it, so the three cannot drift apart.
 */
export interface SignedInCaller {
  institutionId: number;
  /** IANA time zone of the institution: the services date things in it. */
  timeZone: string;
  userId: string;
  customerId: string;
  /** 0 for a personal user (which saved methods and ACH profiles are allowed depends on it). */
  companyNumber: number;
  /** The request's client address (agreement records such as the ACH draft authorization). */
  ipAddress: string;
  /** The borrower's e-mail address on file ('' when none): paperless statements need one. */
  email: string;
}

/** A caller whose client address and e-mail address the service does not need. */
export type BorrowerCaller = Omit<SignedInCaller, 'ipAddress' | 'email'>;
