import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { WorkItemDetail, WorkItemSummary } from '@portal/domain';
import { BUILT_IN_THEMES, createPortalTheme } from '@portal/themes';
import { createQueryClient } from '@portal/web-kit';
import type { StubRoutes } from '@portal/web-kit/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { InstitutionContext } from '../lib/institutions/institution-context';
import { StaffContext } from '../lib/session/staff-context';
import { stubFetch } from './fetch-stub';
import { institutionSummary, PUBLISHER } from './fixtures';

/** Test data and a dark-scheme render of the work queue's pages (the admin app itself is light). */

export const QUESTION_ID = '5d6f1c52-8b0e-4b8e-9a41-2f0f3c1d7a10';
export const CHANGE_ID = '0b4e8f3a-6c1d-4f2e-8a7b-9c0d1e2f3a4b';

const EDITOR = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'Eden Editor',
  email: 'editor@harbor.example',
};

export const ASSIGNEES = {
  assignees: [
    { ...EDITOR, role: 'editor' as const },
    { id: PUBLISHER.id, name: PUBLISHER.name, email: PUBLISHER.email, role: 'publisher' as const },
  ],
};

export function summary(overrides: Partial<WorkItemSummary> = {}): WorkItemSummary {
  return {
    id: QUESTION_ID,
    kind: 'question',
    status: 'new',
    summary: 'Escrow analysis',
    senderName: 'Jordan Rivers',
    senderEmail: 'jordan.rivers@example.test',
    createdAt: '2025-03-14T15:00:00.000Z',
    updatedAt: '2025-03-14T15:00:00.000Z',
    assignedTo: null,
    ...overrides,
  };
}

export function detail(overrides: Partial<WorkItemDetail> = {}): WorkItemDetail {
  return {
    ...summary(),
    details: { subject: 'Escrow analysis', message: 'When is the next escrow analysis?' },
    reference: null,
    fromBorrower: true,
    handledNote: null,
    handledAt: null,
    canReply: true,
    ...overrides,
  };
}

export const CONTACT_CHANGE = detail({
  id: CHANGE_ID,
  kind: 'contactChange',
  summary: 'Address and phone change for ****2352',
  canReply: false,
  details: {
    userName: 'jordan.rivers',
    accounts: ['001-100235-2'],
    newAddress: { address1: '22 Pine Street', city: 'Westbrook', state: 'ME', zipCode: '04092' },
    phone: { oldPhoneNumber: '(207) 555-0134', newPhoneNumber: '(207) 555-0199' },
  },
});

export { EDITOR };

const STYLE_CACHE = createCache({ key: 'css', speedy: true });

/** A page of the queue in the dark scheme, with the staff member and institution it needs. */
export function renderInDarkScheme(
  path: string,
  route: string,
  element: ReactNode,
  routes: StubRoutes,
) {
  const server = stubFetch(routes);
  const theme = createPortalTheme({ ...BUILT_IN_THEMES.harbor.tokens, colorScheme: 'dark' });
  const router = createMemoryRouter([{ path: route, element: <main>{element}</main> }], {
    initialEntries: [path],
  });
  const view = render(
    <CacheProvider value={STYLE_CACHE}>
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <ThemeProvider theme={theme} defaultMode="dark" storageManager={null} noSsr>
          <CssBaseline enableColorScheme />
          <StaffContext value={PUBLISHER}>
            <InstitutionContext value={institutionSummary()}>
              <RouterProvider router={router} />
            </InstitutionContext>
          </StaffContext>
        </ThemeProvider>
      </QueryClientProvider>
    </CacheProvider>,
  );
  return {
    ...view,
    server,
    user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
}
