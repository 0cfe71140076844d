import type { BranchInfo } from '@portal/domain';
import type { StubRequest, StubResponse } from '@portal/web-kit/testing';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HOME_PATH, RequireSession } from '../../../app/guards';
import { LoggedInLayout } from '../../../app/layouts/logged-in-layout';
import { LoggedOutLayout } from '../../../app/layouts/logged-out-layout';
import { titled } from '../../../app/route-handle';
import { accountListBody, type SettingValues } from '../../../testing/fixtures';
import { stubViewportWidth } from '../../../testing/match-media';
import { renderShell } from '../../../testing/render-shell';
import { LocationsPage } from './locations-page';

/** The locator's two routes as the route table has them, inside the real layouts. */
const ROUTES: RouteObject[] = [
  {
    path: 'home',
    element: <LoggedOutLayout />,
    children: [
      { path: 'login', handle: titled('pageTitleTexts.loginPageTitle'), element: <p>Sign-in</p> },
      {
        path: 'locations',
        handle: titled('pageTitleTexts.publicLocationsPageTitle'),
        element: <LocationsPage publicView />,
      },
    ],
  },
  {
    path: 'myaccount',
    element: <RequireSession />,
    children: [
      {
        element: <LoggedInLayout />,
        children: [
          {
            path: 'locations',
            handle: titled('pageTitleTexts.locationsPageTitle'),
            element: <LocationsPage />,
          },
        ],
      },
    ],
  },
];

function branch(overrides: Partial<BranchInfo> & Pick<BranchInfo, 'BranchId'>): BranchInfo {
  return {
    BranchName: 'Branch',
    StreetAddress: '1 Main St',
    City: 'Portland',
    State: 'ME',
    Zip: '04101',
    PhoneNumber: '(207) 555-0100',
    Hours: [],
    Latitude: 43.66,
    Longitude: -70.26,
    ...overrides,
  };
}

const PORTLAND = branch({
  BranchId: 'b1',
  BranchName: 'Portland Main Office',
  StreetAddress: '100 Harbor Way',
  Hours: ['Mon-Fri 9:00-5:00', 'Sat 9:00-12:00'],
});
const BANGOR = branch({
  BranchId: 'b2',
  BranchName: 'Bangor Branch',
  StreetAddress: '25 Exchange St',
  City: 'Bangor',
  Zip: '04401',
  PhoneNumber: '207-555-0177',
  Latitude: 44.8,
  Longitude: -68.77,
});
/** Saved without its position: listed, never pinned. */
const MOBILE = branch({
  BranchId: 'b3',
  BranchName: 'Mobile Banking Van',
  StreetAddress: 'Around town',
  PhoneNumber: '',
  Latitude: 0,
  Longitude: 0,
});

const envelope = { HasNoErrors: true, Errors: [] };

function branchAnswer(branches: BranchInfo[], origin: { Zip: string } | null = null): StubResponse {
  return {
    body: {
      ...envelope,
      Branches: branches,
      Origin: origin ? { Zip: origin.Zip, Latitude: 44.8, Longitude: -68.78 } : null,
    },
  };
}

const INVALID_ZIP: StubResponse = {
  status: 404,
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'InvalidZipCode' }] },
};

/** The server's answers: every branch, the nearest to 04401 (Bangor), and 99999 unknown. */
function branchInfo(request: StubRequest): StubResponse {
  const zip = new URLSearchParams(request.search).get('zip');
  if (zip === null) return branchAnswer([PORTLAND, BANGOR, MOBILE]);
  if (zip === '04401') {
    return branchAnswer(
      [
        { ...BANGOR, DistanceMiles: 0.4 },
        { ...PORTLAND, DistanceMiles: 113.25 },
        { ...MOBILE, DistanceMiles: 118 },
      ],
      { Zip: '04401' },
    );
  }
  return INVALID_ZIP;
}

function renderLocations(
  path: string,
  options: { settings?: SettingValues; branchInfo?: (request: StubRequest) => StubResponse } = {},
) {
  return renderShell(ROUTES, {
    path,
    settings: options.settings,
    signedIn: path.startsWith('/myaccount'),
    routes: {
      'GET /api/accountList': { body: accountListBody([0]) },
      'GET /api/branchInfo': options.branchInfo ?? branchInfo,
    },
  });
}

/** The list of branches in its section (named by its heading): the first list, the hours inside. */
async function branchList(heading: string | RegExp = 'Our branches') {
  const section = await screen.findByRole('region', { name: heading });
  const [list] = await within(section).findAllByRole('list');
  if (!list) throw new Error('no list of branches');
  return list;
}

/** The names of the branches listed, in order. */
async function branchNames(heading: string | RegExp = 'Our branches') {
  return within(await branchList(heading))
    .getAllByRole('heading', { level: 3 })
    .map((name) => name.textContent);
}

function branchItem(name: string): HTMLElement {
  const item = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!item) throw new Error(`no list item for ${name}`);
  return item;
}

describe('the locations page', () => {
  it('lists every branch with its address, a phone link that dials it and its hours', async () => {
    renderLocations('/myaccount/locations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    expect(await branchNames()).toEqual([
      'Portland Main Office',
      'Bangor Branch',
      'Mobile Banking Van',
    ]);
    const portland = branchItem('Portland Main Office');
    expect(within(portland).getByText(/100 Harbor Way/)).toBeVisible();
    expect(within(portland).getByText(/Portland, ME 04101/)).toBeVisible();
    expect(within(portland).getByRole('link', { name: '(207) 555-0100' })).toHaveAttribute(
      'href',
      'tel:+12075550100',
    );
    const hours = within(portland).getByRole('list', { name: 'Hours' });
    expect(
      within(hours)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Mon-Fri 9:00-5:00', 'Sat 9:00-12:00']);
    // No distance before a search, and no phone link without a number.
    expect(within(portland).queryByText(/ mi$/)).toBeNull();
    expect(within(branchItem('Mobile Banking Van')).queryByRole('link')).toBeNull();
    expect(document.title).toBe('Payments - Locations');
    // The logged-in page has the header's way out, not Back to Login.
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('searches only on five digits, then lists the nearest first with their distances', async () => {
    const { user, server } = renderLocations('/myaccount/locations');
    await branchNames();
    const zip = screen.getByRole('textbox', { name: 'Zip code' });
    expect(zip).toHaveAttribute('inputmode', 'numeric');
    expect(zip).toHaveAccessibleDescription(
      'Enter a 5-digit zip code to see the nearest branches first.',
    );
    await user.type(zip, '0440');
    expect(server.requestsTo('GET /api/branchInfo').map((request) => request.search)).toEqual(['']);

    await user.type(zip, '1');
    expect(await branchNames('Branches nearest 04401')).toEqual([
      'Bangor Branch',
      'Portland Main Office',
      'Mobile Banking Van',
    ]);
    expect(server.requestsTo('GET /api/branchInfo').map((request) => request.search)).toEqual([
      '',
      '?zip=04401',
    ]);
    // Numbered: the order is the answer.
    expect((await branchList('Branches nearest 04401')).tagName).toBe('OL');
    expect(within(branchItem('Bangor Branch')).getByText('0.4 mi')).toBeVisible();
    expect(within(branchItem('Portland Main Office')).getByText('113.3 mi')).toBeVisible();
    await expectNoAxeViolations();

    // Emptying the box goes back to every branch in the institution's order.
    await user.clear(zip);
    expect(await branchNames()).toEqual([
      'Portland Main Office',
      'Bangor Branch',
      'Mobile Banking Van',
    ]);
  });

  it('keeps the last answer when a digit is taken away, without naming a zip code the box no longer shows', async () => {
    const { user, server } = renderLocations('/myaccount/locations');
    await branchNames();
    const zip = screen.getByRole('textbox', { name: 'Zip code' });
    await user.type(zip, '04401');
    expect(await branchNames('Branches nearest 04401')).toHaveLength(3);

    await user.type(zip, '{Backspace}');
    expect(zip).toHaveValue('0440');
    expect(screen.queryByRole('heading', { name: /04401/ })).toBeNull();
    // The list's own heading over the last answer, still nearest first with its distances.
    expect(await branchNames()).toEqual([
      'Bangor Branch',
      'Portland Main Office',
      'Mobile Banking Van',
    ]);
    expect((await branchList()).tagName).toBe('OL');
    expect(within(branchItem('Bangor Branch')).getByText('0.4 mi')).toBeVisible();

    // Five digits again: the same answer, named by the zip code the box shows.
    await user.type(zip, '1');
    expect(await branchNames('Branches nearest 04401')).toHaveLength(3);
    expect(server.requestsTo('GET /api/branchInfo').map((request) => request.search)).toEqual([
      '',
      '?zip=04401',
    ]);
  });

  it('keeps digits only, five at most', async () => {
    const { user } = renderLocations('/home/locations');
    const zip = await screen.findByRole('textbox', { name: 'Zip code' });
    await user.type(zip, 'a0-44 01999');
    expect(zip).toHaveValue('04401');
    expect(await branchNames('Branches nearest 04401')).toHaveLength(3);
  });

  it('names an unknown zip code next to the field, keeping what was typed and every branch listed', async () => {
    const { user } = renderLocations('/myaccount/locations');
    await branchNames();
    const zip = screen.getByRole('textbox', { name: 'Zip code' });
    await user.type(zip, '99999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Zip Code');
    expect(zip).toHaveValue('99999');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(/^Invalid Zip Code/);
    expect(await branchNames()).toHaveLength(3);

    // Correcting the zip code takes the message away.
    await user.type(zip, '{Backspace}');
    expect(screen.queryByText('Invalid Zip Code')).toBeNull();
    expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the branches could not be loaded, and tries again', async () => {
    let calls = 0;
    const { user } = renderLocations('/myaccount/locations', {
      branchInfo: (request) => {
        calls += 1;
        return calls === 1 ? { status: 500, body: envelope } : branchInfo(request);
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The branches could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await branchNames()).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when there are no branches, and shows no map', async () => {
    renderLocations('/myaccount/locations', { branchInfo: () => branchAnswer([]) });
    expect(await screen.findByText('There are no branches to show.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Map of branches' })).toBeNull();
    expect(screen.queryByText(/does not meet accessibility standards/)).toBeNull();
  });

  it('shows the map of the branches, with the note that it does not meet accessibility standards', async () => {
    renderLocations('/myaccount/locations');
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    expect(map).toHaveAccessibleDescription(
      'This map service does not meet accessibility standards. Please contact us if you need help finding a branch.',
    );
    // Leaflet's own controls; the map itself is out of the tab order.
    expect(await within(map).findByRole('button', { name: 'Zoom in' })).toBeVisible();
    expect(map).not.toHaveAttribute('tabindex');
    // A pin for each branch with a position: not the van.
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    // Show on map only for branches that are on it.
    expect(
      within(branchItem('Bangor Branch')).getByRole('button', { name: 'Show on map' }),
    ).toBeVisible();
    expect(within(branchItem('Mobile Banking Van')).queryByRole('button')).toBeNull();
    await expectNoAxeViolations();
  });

  it('draws the state outlines it ships with when no tile server is set', async () => {
    renderLocations('/myaccount/locations', {
      settings: { 'branchLocatorOptions.mapTileURLTemplate': '' },
    });
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    // The pins, then the outlines (not clickable) under them.
    await waitFor(() =>
      expect(
        map.querySelectorAll('.leaflet-overlay-pane path:not(.leaflet-interactive)').length,
      ).toBeGreaterThan(40),
    );
    expect(map.querySelectorAll('img.leaflet-tile')).toHaveLength(0);
    expect(within(map).queryByText(/OpenStreetMap/)).toBeNull();
  });

  it('uses the institution’s tile server with its attribution, as text', async () => {
    renderLocations('/myaccount/locations', {
      settings: {
        'branchLocatorOptions.mapTileURLTemplate': 'https://tiles.example.com/{z}/{x}/{y}.png',
        'branchLocatorOptions.mapAttribution': '© Tiles <img src=x onerror=alert(1)>',
      },
    });
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    expect(await within(map).findByText(/© Tiles <img src=x onerror=alert\(1\)>/)).toBeVisible();
    expect(map.querySelector('[onerror]')).toBeNull();
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    expect(
      map.querySelectorAll('.leaflet-overlay-pane path:not(.leaflet-interactive)'),
    ).toHaveLength(0);
  });

  it('marks the branch whose pin is clicked, and the one chosen in the list', async () => {
    const { user } = renderLocations('/myaccount/locations');
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    const [, bangorPin] = map.querySelectorAll('path.leaflet-interactive');
    if (!bangorPin) throw new Error('no pin');
    // The click alone, without the hover before it: in jsdom the copy Leaflet makes of a click to
    // close the hover's tooltip loses the pointer's coordinates (a browser's keeps them).
    fireEvent.click(bangorPin);
    expect(branchItem('Bangor Branch')).toHaveAttribute('aria-current', 'true');
    expect(branchItem('Portland Main Office')).not.toHaveAttribute('aria-current');

    await user.click(
      within(branchItem('Portland Main Office')).getByRole('button', { name: 'Show on map' }),
    );
    expect(branchItem('Portland Main Office')).toHaveAttribute('aria-current', 'true');
    expect(branchItem('Bangor Branch')).not.toHaveAttribute('aria-current');
  });

  it('uses the institution’s words', async () => {
    const { user } = renderLocations('/myaccount/locations', {
      settings: {
        'branchLocatorTexts.headingText': 'Find a branch',
        'branchLocatorTexts.searchLabelText': 'Your zip code',
        'branchLocatorTexts.nearestHeadingText': 'Closest to {zip}',
        'branchLocatorTexts.distanceText': '{miles} miles away',
        'branchLocatorTexts.hoursLabelText': 'Opening hours',
        'branchLocatorTexts.invalidZipText': 'We do not know that zip code',
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a branch' })).toBeVisible();
    await branchNames();
    expect(
      within(branchItem('Portland Main Office')).getByRole('list', { name: 'Opening hours' }),
    ).toBeVisible();
    const zip = screen.getByRole('textbox', { name: 'Your zip code' });
    await user.type(zip, '04401');
    await branchNames('Closest to 04401');
    expect(within(branchItem('Bangor Branch')).getByText('0.4 miles away')).toBeVisible();
    await user.clear(zip);
    await user.type(zip, '99999');
    expect(await screen.findByRole('alert')).toHaveTextContent('We do not know that zip code');
  });

  it('logged out, shows the logo and a Back to Login link that goes to the sign-in', async () => {
    const { user, router } = renderLocations('/home/locations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Harbor Community Bank' })).toBeVisible();
    expect(await branchNames()).toHaveLength(3);
    expect(document.title).toBe('Payments - Locations');
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(router.state.location.pathname).toBe(HOME_PATH);
  });

  it('has no axe violations in the dark scheme logged out on a phone, after a search', async () => {
    stubViewportWidth(390);
    const { user } = renderLocations('/home/locations', {
      settings: { 'themeOptions.colorScheme': 'dark' },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Zip code' }), '04401');
    expect(await branchNames('Branches nearest 04401')).toHaveLength(3);
    expect(await screen.findByRole('region', { name: 'Map of branches' })).toBeVisible();
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark scheme logged in, an unknown zip code named', async () => {
    const { user } = renderLocations('/myaccount/locations', {
      settings: { 'themeOptions.colorScheme': 'dark' },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Zip code' }), '99999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Zip Code');
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
  });
});
