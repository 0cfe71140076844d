import type { StaffBranch } from '@portal/domain';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsResponse } from '../../../testing/fixtures';
import { DRAFT_DOCUMENT, institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import { renderInDarkScheme } from '../../../testing/work-queue';
import { BranchesPage } from './branches-page';

const LIST = 'GET /admin-api/institutions/harbor/branches';
const CREATE = 'POST /admin-api/institutions/harbor/branches';
const PORTLAND_ID = '6f1c2a9e-1b2c-4d3e-8f40-5a6b7c8d9e01';
const UPDATE = `PUT /admin-api/institutions/harbor/branches/${PORTLAND_ID}`;

const PORTLAND: StaffBranch = {
  id: PORTLAND_ID,
  position: 0,
  name: 'Portland Main Office',
  streetAddress: '100 Harbor Way',
  city: 'Portland',
  state: 'ME',
  zip: '04101',
  phoneNumber: '(207) 555-0100',
  hours: ['Mon–Fri 9:00 AM–5:00 PM', 'Sat 9:00 AM–1:00 PM'],
  latitude: 43.6591,
  longitude: -70.2568,
};

const FALMOUTH = {
  name: 'Falmouth',
  streetAddress: '251 US Route 1',
  city: 'Falmouth',
  state: 'ME',
  zip: '04105',
  phoneNumber: '(207) 555-0160',
  hours: ['Mon–Fri 9:00 AM–5:00 PM', 'Sat 9:00 AM–12:00 PM'],
  latitude: 43.7296,
  longitude: -70.2342,
};

function renderForm() {
  return renderAdmin({
    path: '/i/harbor/branches',
    routes: {
      ...institutionRoutes({ role: 'publisher' }),
      'GET /admin-api/institutions/harbor/settings': {
        body: settingsResponse(
          { shared: { globalOptions: { useBranchLocatorOption: 'true' } } },
          DRAFT_DOCUMENT,
        ),
      },
      [LIST]: { body: { branches: [PORTLAND] } },
    },
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });

/** The branches page alone in the dark scheme (the admin app itself is light). */
function renderFormInDarkScheme() {
  return renderInDarkScheme(
    '/i/harbor/branches',
    '/i/:slug/branches',
    <BranchesPage
      slug="harbor"
      canChange
      locatorOn
      map={{ tileUrl: '', attribution: '', zoom: 10, defaultCentre: [39.8283, -98.5795] }}
    />,
    { [LIST]: { body: { branches: [PORTLAND] } } },
  );
}

describe('the branch form', { timeout: 60_000 }, () => {
  it('names each mistake next to its field before anything is sent', async () => {
    const { user, server } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Add a branch' }));
    const form = screen.getByRole('form', { name: 'Add a branch' });
    expect(screen.getByRole('heading', { name: 'Add a branch', level: 2 })).toHaveFocus();
    await user.type(field('ZIP code'), '4105');
    await user.type(field('Latitude'), 'north');
    await user.type(field('Longitude'), '-200');
    await user.click(within(form).getByRole('button', { name: 'Add branch' }));
    expect(await within(form).findByText('Enter the branch name.')).toBeVisible();
    expect(field('Branch name')).toHaveAccessibleDescription('Enter the branch name.');
    expect(field('Branch name')).toBeInvalid();
    expect(field('Street address')).toHaveAccessibleDescription('Enter the street address.');
    expect(field('City')).toHaveAccessibleDescription('Enter the city.');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription(
      'Choose a state.',
    );
    expect(field('ZIP code')).toHaveAccessibleDescription('Zip code must be 5 digits');
    expect(field('Latitude')).toHaveAccessibleDescription(
      'Enter the latitude in degrees, e.g. 43.6591.',
    );
    expect(field('Longitude')).toHaveAccessibleDescription(
      'The longitude is between -180 and 180.',
    );
    // What was typed stays.
    expect(field('ZIP code')).toHaveValue('4105');
    expect(server.requestsTo(CREATE)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('adds a branch with what was typed, as the admin API takes it', async () => {
    const { user, server } = renderForm();
    server.route(CREATE, { status: 201, body: { ...FALMOUTH, id: 'new-id', position: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Add a branch' }));
    await user.type(field('Branch name'), 'Falmouth');
    await user.type(field('Street address'), '251 US Route 1');
    await user.type(field('City'), 'Falmouth');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Maine');
    await user.type(field('ZIP code'), '04105');
    await user.type(field('Phone number (optional)'), '(207) 555-0160');
    await user.type(
      field('Opening hours (optional)'),
      'Mon–Fri 9:00 AM–5:00 PM{Enter}{Enter}  Sat 9:00 AM–12:00 PM  ',
    );
    await user.type(field('Latitude'), '43.7296');
    await user.type(field('Longitude'), '-70.2342');
    await user.click(screen.getByRole('button', { name: 'Add branch' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added Falmouth.');
    expect(server.requestsTo(CREATE)[0]?.body).toEqual(FALMOUTH);
    expect(screen.queryByRole('form', { name: 'Add a branch' })).toBeNull();
    await waitFor(() => expect(server.requestsTo(LIST).length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal next to its field, keeping what was typed', async () => {
    const { user, server } = renderForm();
    server.route(
      CREATE,
      refusal(400, 'InvalidRequest', 'The request is not valid.', [
        { key: 'zip', message: 'This ZIP code is not served by the branch locator.' },
        { key: 'hours.0', message: 'Each line of the hours can be at most 60 characters.' },
        { key: 'request', message: 'Something else is wrong.' },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Add a branch' }));
    await user.type(field('Branch name'), 'Falmouth');
    await user.type(field('Street address'), '251 US Route 1');
    await user.type(field('City'), 'Falmouth');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Maine');
    await user.type(field('ZIP code'), '04105');
    await user.type(field('Opening hours (optional)'), 'Mon–Fri 9–5');
    await user.type(field('Latitude'), '43.7296');
    await user.type(field('Longitude'), '-70.2342');
    await user.click(screen.getByRole('button', { name: 'Add branch' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The request is not valid.');
    expect(alert).toHaveTextContent('request: Something else is wrong.');
    expect(field('ZIP code')).toHaveAccessibleDescription(
      'This ZIP code is not served by the branch locator.',
    );
    expect(field('Opening hours (optional)')).toHaveAccessibleDescription(
      'Each line of the hours can be at most 60 characters.',
    );
    expect(field('Branch name')).toHaveValue('Falmouth');
    expect(field('ZIP code')).toHaveValue('04105');
    expect(screen.getByRole('form', { name: 'Add a branch' })).toBeVisible();
  });

  it('changes a branch, starting from what is saved', async () => {
    const { user, server } = renderForm();
    server.route(UPDATE, { body: { ...PORTLAND, name: 'Portland Harbor Office' } });
    await user.click(await screen.findByRole('button', { name: 'Change Portland Main Office' }));
    const form = screen.getByRole('form', { name: 'Change Portland Main Office' });
    expect(within(form).getByRole('textbox', { name: 'Branch name' })).toHaveValue(
      'Portland Main Office',
    );
    expect(within(form).getByRole('combobox', { name: 'State' })).toHaveValue('ME');
    expect(within(form).getByRole('textbox', { name: 'Opening hours (optional)' })).toHaveValue(
      'Mon–Fri 9:00 AM–5:00 PM\nSat 9:00 AM–1:00 PM',
    );
    expect(within(form).getByRole('textbox', { name: 'Longitude' })).toHaveValue('-70.2568');
    const name = within(form).getByRole('textbox', { name: 'Branch name' });
    await user.clear(name);
    await user.type(name, 'Portland Harbor Office');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved Portland Harbor Office.');
    const { id: _id, position: _position, ...saved } = PORTLAND;
    expect(server.requestsTo(UPDATE)[0]?.body).toEqual({
      ...saved,
      name: 'Portland Harbor Office',
    });
  });

  it('has no axe violations in the dark scheme, each mistake named', async () => {
    const { user } = renderFormInDarkScheme();
    await user.click(await screen.findByRole('button', { name: 'Add a branch' }));
    const form = screen.getByRole('form', { name: 'Add a branch' });
    await user.type(field('ZIP code'), '4105');
    await user.click(within(form).getByRole('button', { name: 'Add branch' }));
    expect(await within(form).findByText('Enter the branch name.')).toBeVisible();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark scheme, the server’s refusal shown', async () => {
    const { user, server } = renderFormInDarkScheme();
    server.route(UPDATE, refusal(400, 'InvalidRequest', 'The request is not valid.'));
    await user.click(await screen.findByRole('button', { name: 'Change Portland Main Office' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request is not valid.');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    await expectNoAxeViolations();
  });

  it('closes without sending anything when cancelled', async () => {
    const { user, server } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Add a branch' }));
    await user.type(field('Branch name'), 'Never sent');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Add a branch' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a branch' })).toBeVisible();
    expect(server.requestsTo(CREATE)).toHaveLength(0);
  });
});
