import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../testing';
import type { BranchMapSettings } from './branch-map-props';
import BranchMap from './branch-map';
import type { BranchPin } from './map-view';

/** Saved without its place: listed by the apps, never pinned. */
const VAN: BranchPin = { branchId: 'van', name: 'Mobile van', latitude: 0, longitude: 0 };

const PINS: BranchPin[] = [
  { branchId: 'portland', name: 'Portland <Main>', latitude: 43.6591, longitude: -70.2568 },
  { branchId: 'bangor', name: 'Bangor', latitude: 44.8, longitude: -68.77 },
  VAN,
];

const OUTLINES: BranchMapSettings = {
  tileUrl: '',
  attribution: '© OpenStreetMap contributors',
  zoom: 10,
  defaultCentre: [39.8283, -98.5795],
};

const TILES: BranchMapSettings = {
  ...OUTLINES,
  tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
  attribution: '© Example <b>tiles</b>',
};

function renderMap(
  props: {
    pins?: readonly BranchPin[];
    settings?: BranchMapSettings;
    onSelect?(id: string): void;
  } = {},
) {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <main>
      <p id="note">The list has every branch.</p>
      <BranchMap
        pins={props.pins ?? PINS}
        settings={props.settings ?? OUTLINES}
        onSelect={props.onSelect}
        label="Map of branches"
        describedBy="note"
        height={320}
      />
    </main>,
  );
  return { ...view, user };
}

/** The tiles' addresses, once Leaflet has asked for some. */
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

describe('the branch map', () => {
  it('pins each branch with a place, named on hovering, over the state outlines and without the tiles’ attribution', async () => {
    const { user } = renderMap();
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    expect(map).toHaveAccessibleDescription('The list has every branch.');
    expect(map).not.toHaveAttribute('tabindex');
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    await waitFor(() =>
      expect(
        map.querySelectorAll('.leaflet-overlay-pane path:not(.leaflet-interactive)').length,
      ).toBeGreaterThan(40),
    );
    expect(map.querySelectorAll('img.leaflet-tile')).toHaveLength(0);
    // The attribution setting is the tile provider's: no tiles, no attribution.
    expect(within(map).queryByText(/OpenStreetMap/)).toBeNull();

    const [portland] = map.querySelectorAll('path.leaflet-interactive');
    if (!portland) throw new Error('no pin');
    await user.hover(portland);
    expect(await within(map).findByRole('tooltip')).toHaveTextContent('Portland <Main>');
    expect(map.querySelector('main')).toBeNull();
    await expectNoAxeViolations();
  });

  it('draws the institution’s tiles with their attribution, as text', async () => {
    renderMap({ settings: TILES });
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    expect(await within(map).findByText('© Example <b>tiles</b>')).toBeVisible();
    expect(map.querySelector('b')).toBeNull();
    expect((await tileAddresses(map))[0]).toMatch(
      /^https:\/\/tiles\.example\.com\/10\/\d+\/\d+\.png$/,
    );
    expect(
      map.querySelectorAll('.leaflet-overlay-pane path:not(.leaflet-interactive)'),
    ).toHaveLength(0);
  });

  it('frames the branches no closer than the institution’s zoom', async () => {
    renderMap({ settings: { ...TILES, zoom: 7 } });
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    expect((await tileAddresses(map))[0]).toMatch(/^https:\/\/tiles\.example\.com\/7\//);
  });

  it('looks at the institution’s default centre when no branch has a place', async () => {
    renderMap({
      pins: [VAN],
      settings: { ...TILES, zoom: 6, defaultCentre: [44.5, -69.2] },
    });
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    expect(await tileAddresses(map)).toContain(tileOf(6, 44.5, -69.2));
  });

  it('tells which pin was clicked', async () => {
    const chosen: string[] = [];
    renderMap({ onSelect: (id) => chosen.push(id) });
    const map = await screen.findByRole('region', { name: 'Map of branches' });
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    const [, bangor] = map.querySelectorAll('path.leaflet-interactive');
    if (!bangor) throw new Error('no pin');
    // The click alone, without the hover before it: in jsdom the copy Leaflet makes of a click to
    // close the hover's tooltip loses the pointer's coordinates (a browser's keeps them).
    fireEvent.click(bangor);
    expect(chosen).toEqual(['bangor']);
  });
});
