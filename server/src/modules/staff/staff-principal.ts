// Who a staff request or command acts as: its own file so the audit log, which records it, and
// the staff sign-in, which records to the audit log, both import it without importing each other.

/** The signed-in staff member of a request. */
export interface StaffPrincipal {
  staffId: string;
  email: string;
  name: string;
  isImplementer: boolean;
}

/**
 * Who the operators' commands on the server's machine act as (server/src/cli): an implementer
 * without a staff account, so the audit log names it by this label and no staff id.
 */
export const OPERATOR: StaffPrincipal = {
  staffId: '',
  email: 'operator (command line)',
  name: 'Operator',
  isImplementer: true,
};
