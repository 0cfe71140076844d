import type { ConfigurationDocument, StaffBranch } from '@portal/domain';
import type { BranchMapSettings } from '@portal/web-kit';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsResponse } from '../../../testing/fixtures';
import { DRAFT_DOCUMENT, institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import { renderInDarkScheme } from '../../../testing/work-queue';
import { BranchesPage } from './branches-page';

const LIST = 'GET /admin-api/institutions/harbor/branches';
const PORTLAND_ID = '6f1c2a9e-1b2c-4d3e-8f40-5a6b7c8d9e01';
const SOUTH_PORTLAND_ID = '6f1c2a9e-1b2c-4d3e-8f40-5a6b7c8d9e02';
const OPENING_SOON_ID = '6f1c2a9e-1b2c-4d3e-8f40-5a6b7c8d9e03';

const BRANCHES: StaffBranch[] = [
  {
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
  },
  {
    id: SOUTH_PORTLAND_ID,
    position: 1,
    name: 'South Portland',
    streetAddress: '210 Broadway',
    city: 'South Portland',
    state: 'ME',
    zip: '04106',
    phoneNumber: '',
    hours: [],
    latitude: 43.6386,
    longitude: -70.2478,
  },
  {
    id: OPENING_SOON_ID,
    position: 2,
    name: 'Opening soon',
    streetAddress: '1 Main Street',
    city: 'Westbrook',
    state: 'ME',
    zip: '04092',
    phoneNumber: '',
    hours: [],
    latitude: 0,
    longitude: 0,
  },
];

const LOCATOR_ON: ConfigurationDocument = {
  shared: { globalOptions: { useBranchLocatorOption: 'true' } },
};

function renderBranches(
  options: {
    role?: 'viewer' | 'editor' | 'publisher';
    branches?: StaffBranch[];
    published?: ConfigurationDocument;
    draft?: ConfigurationDocument;
  } = {},
) {
  return renderAdmin({
    path: '/i/harbor/branches',
    routes: {
      ...institutionRoutes({ role: options.role ?? 'editor' }),
      'GET /admin-api/institutions/harbor/settings': {
        body: settingsResponse(options.published ?? LOCATOR_ON, options.draft ?? DRAFT_DOCUMENT),
      },
      [LIST]: { body: { branches: options.branches ?? BRANCHES } },
    },
  });
}

async function branchTable() {
  return screen.findByRole('table', { name: 'Branches, in the order borrowers see them' });
}

/** The map settings' defaults: the state outlines, zoom 10, the middle of the United States. */
const DEFAULT_MAP: BranchMapSettings = {
  tileUrl: '',
  attribution: '© OpenStreetMap contributors',
  zoom: 10,
  defaultCentre: [39.8283, -98.5795],
};

/** The page alone in the dark scheme (the admin app itself is light), as an editor sees it. */
function renderBranchesInDarkScheme() {
  return renderInDarkScheme(
    '/i/harbor/branches',
    '/i/:slug/branches',
    <BranchesPage slug="harbor" canChange locatorOn map={DEFAULT_MAP} />,
    { [LIST]: { body: { branches: BRANCHES } } },
  );
}

const TILES = 'https://tiles.example.com/{z}/{x}/{y}.png';

/** The tiles' addresses, once the map has asked for some. */
async function tileAddresses(map: HTMLElement): Promise<string[]> {
  await waitFor(() => expect(map.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
  return [...map.querySelectorAll('img.leaflet-tile')].map(
    (tile) => tile.getAttribute('src') ?? '',
  );
}

/** The tile of a zoom level that holds a point (the Web Mercator scheme of `{z}/{x}/{y}`). */
function tileOf(zoom: number, latitude: number, longitude: number): string {
  const scale = 2 ** zoom;
  const radians = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * scale);
  const y = Math.floor(
    ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * scale,
  );
  return `https://tiles.example.com/${zoom}/${x}/${y}.png`;
}

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);
}

describe('the branches page', { timeout: 60_000 }, () => {
  it('lists the branches in the order borrowers see them, with their pins on the map', async () => {
    renderBranches();
    expect(await screen.findByRole('heading', { name: 'Branches', level: 1 })).toBeVisible();
    const table = await branchTable();
    const [header, portland, southPortland, openingSoon] = within(table).getAllByRole('row');
    expect(header?.textContent).toBe('PlaceBranchAddressPhoneHoursOn the mapActions');
    expect(portland).toHaveTextContent(
      '1Portland Main Office100 Harbor Way, Portland, ME 04101(207) 555-0100Mon–Fri 9:00 AM–5:00 PMSat 9:00 AM–1:00 PM43.6591, -70.2568',
    );
    expect(southPortland).toHaveTextContent(
      '2South Portland210 Broadway, South Portland, ME 04106——',
    );
    expect(openingSoon).toHaveTextContent('No pin (no place given)');
    // The first cannot go up, the last cannot go down.
    expect(
      within(table).getByRole('button', { name: 'Move up: Portland Main Office' }),
    ).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Move down: Opening soon' })).toBeDisabled();
    // The section is in the institution's navigation, marked as the current page.
    const nav = screen.getByRole('navigation', { name: 'Institution sections' });
    expect(within(nav).getByRole('link', { name: 'Branches' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByText(/The branch locator is off/)).toBeNull();

    const map = await screen.findByRole('region', { name: 'Map of the branches' });
    expect(map).toHaveAccessibleDescription(
      '2 of 3 branches have a pin, as borrowers’ map shows them. With no map tile address set, the map draws the US state outlines it ships with.',
    );
    // Two pins (the branch at 0, 0 has none), over the state outlines and no tiles.
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    await waitFor(() =>
      expect(
        map.querySelectorAll('.leaflet-overlay-pane path:not(.leaflet-interactive)').length,
      ).toBeGreaterThan(40),
    );
    expect(map.querySelectorAll('img.leaflet-tile')).toHaveLength(0);
    // The attribution setting is the tile provider's: shown with tiles only.
    expect(within(map).queryByText(/OpenStreetMap/)).toBeNull();
    expect(map).not.toHaveAttribute('tabindex');
    await expectNoAxeViolations();
  });

  it('draws the institution’s map tiles when the settings being edited set them', async () => {
    renderBranches({
      draft: {
        shared: {
          branchLocatorOptions: {
            mapTileURLTemplate: 'https://tiles.example.com/{z}/{x}/{y}.png',
            mapAttribution: '© Example <b>tiles</b>',
          },
        },
      },
    });
    const map = await screen.findByRole('region', { name: 'Map of the branches' });
    expect(await within(map).findByText('© Example <b>tiles</b>')).toBeVisible();
    expect(map.querySelector('b')).toBeNull();
    await waitFor(() => expect(map.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
    expect(map.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
      /^https:\/\/tiles\.example\.com\/10\/\d+\/\d+\.png$/,
    );
  });

  it('looks where borrowers’ map will: at the zoom and the default centre of the settings being edited', async () => {
    const { unmount } = renderBranches({
      draft: {
        shared: { branchLocatorOptions: { mapTileURLTemplate: TILES, mapZoom: '8' } },
      },
    });
    let map = await screen.findByRole('region', { name: 'Map of the branches' });
    // Framing the two pins, no closer than the zoom of the settings.
    for (const tile of await tileAddresses(map)) {
      expect(tile).toMatch(/^https:\/\/tiles\.example\.com\/8\/\d+\/\d+\.png$/);
    }
    unmount();

    // No branch with a place: the default centre, at the zoom.
    renderBranches({
      branches: BRANCHES.filter((branch) => branch.id === OPENING_SOON_ID).map((branch) => ({
        ...branch,
        position: 0,
      })),
      draft: {
        shared: {
          branchLocatorOptions: {
            mapTileURLTemplate: TILES,
            mapZoom: '6',
            defaultLatitude: '44.5',
            defaultLongitude: '-69.2',
          },
        },
      },
    });
    map = await screen.findByRole('region', { name: 'Map of the branches' });
    expect(await tileAddresses(map)).toContain(tileOf(6, 44.5, -69.2));
  });

  it('says when borrowers do not see the branch locator, and when there are no branches', async () => {
    renderBranches({ published: {}, branches: [] });
    expect(
      await screen.findByText(/The branch locator is off in the published settings/),
    ).toBeVisible();
    expect(await screen.findByText('No branches yet: add the first one.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lets a viewer read the list but offers no changes', async () => {
    renderBranches({ role: 'viewer' });
    const table = await branchTable();
    expect(rowsOf(table)).toEqual(['Portland Main Office', 'South Portland', 'Opening soon']);
    expect(
      screen.getByText('Your role (viewer) can read the branches but not change them.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a branch' })).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('moves a branch down through the server, and says where it went', async () => {
    const { user, server } = renderBranches();
    const [portland, southPortland, openingSoon] = BRANCHES;
    const moved = {
      branches: [{ ...southPortland, position: 0 }, { ...portland, position: 1 }, openingSoon],
    };
    server.route(`POST /admin-api/institutions/harbor/branches/${PORTLAND_ID}/move`, {
      body: moved,
    });
    const table = await branchTable();
    // The server's list is the moved one from now on.
    server.route(LIST, { body: moved });
    await user.click(
      within(table).getByRole('button', { name: 'Move down: Portland Main Office' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Moved Portland Main Office down to place 2.',
    );
    expect(
      server.requestsTo(`POST /admin-api/institutions/harbor/branches/${PORTLAND_ID}/move`)[0]
        ?.body,
    ).toEqual({ direction: 'down' });
    expect(rowsOf(await branchTable())[0]).toBe('South Portland');
  });

  it('removes a branch only once the dialog is confirmed', async () => {
    const { user, server } = renderBranches();
    const remove = `DELETE /admin-api/institutions/harbor/branches/${SOUTH_PORTLAND_ID}`;
    const after = { branches: [BRANCHES[0], { ...BRANCHES[2], position: 1 }] };
    server.route(remove, { body: after });
    const table = await branchTable();
    await user.click(within(table).getByRole('button', { name: 'Remove South Portland' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove South Portland?' });
    expect(dialog).toHaveAccessibleDescription(
      'Borrowers will no longer find this branch on the branch locator. The removal goes into the audit log; it cannot be undone.',
    );
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(remove)).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Remove South Portland' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove South Portland?' });
    server.route(LIST, { body: after });
    await user.click(within(dialog).getByRole('button', { name: 'Remove branch' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Removed South Portland.');
    // The dialog that had the focus is gone: the message has it, not the page's body.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(server.requestsTo(remove)).toHaveLength(1);
    await waitFor(async () =>
      expect(rowsOf(await branchTable())).toEqual(['Portland Main Office', 'Opening soon']),
    );
  });

  it('has no axe violations with the change form open', async () => {
    const { user } = renderBranches();
    const table = await branchTable();
    await user.click(within(table).getByRole('button', { name: 'Change Portland Main Office' }));
    expect(screen.getByRole('form', { name: 'Change Portland Main Office' })).toBeVisible();
    await screen.findByRole('region', { name: 'Map of the branches' });
    await expectNoAxeViolations();
  });

  describe('in the dark scheme', () => {
    it('has no axe violations with the list and the map', async () => {
      renderBranchesInDarkScheme();
      await branchTable();
      const map = await screen.findByRole('region', { name: 'Map of the branches' });
      await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
      await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
      await expectNoAxeViolations();
    });

    it('has no axe violations with the remove dialog open', async () => {
      const { user } = renderBranchesInDarkScheme();
      const table = await branchTable();
      await user.click(within(table).getByRole('button', { name: 'Remove South Portland' }));
      expect(await screen.findByRole('dialog', { name: 'Remove South Portland?' })).toBeVisible();
      await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
      await expectNoAxeViolations();
    });

    it('has no axe violations with the change form open', async () => {
      const { user } = renderBranchesInDarkScheme();
      const table = await branchTable();
      await user.click(within(table).getByRole('button', { name: 'Change Portland Main Office' }));
      expect(screen.getByRole('form', { name: 'Change Portland Main Office' })).toBeVisible();
      await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
      await expectNoAxeViolations();
    });
  });

  it('shows the server’s refusal of the list', async () => {
    renderAdmin({
      path: '/i/harbor/branches',
      routes: {
        ...institutionRoutes(),
        [LIST]: refusal(404, 'NotFound', 'There is no such institution among yours.'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such institution among yours.',
    );
  });
});
