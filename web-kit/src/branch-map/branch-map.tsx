import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import type { BranchMapProps } from './branch-map-props';
import {
  mapViewFor,
  pinnedBranches,
  type BranchSelection,
  type MapPoint,
  type MapView,
} from './map-view';

const PIN_RADIUS = 8;
const CHOSEN_PIN_RADIUS = 11;
/** Class names of what the map draws, coloured from the theme by the container's styles. */
const PIN = 'branch-map-pin';
const CHOSEN_PIN = 'branch-map-pin-chosen';
const LAND = 'branch-map-land';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function showView(map: L.Map, view: MapView, animate: boolean) {
  if (view.kind === 'centre') {
    map.setView([...view.centre], view.zoom, { animate });
  } else {
    map.fitBounds(L.latLngBounds([...view.corners[0]], [...view.corners[1]]), {
      maxZoom: view.maxZoom,
      padding: [24, 24],
      animate,
    });
  }
}

/**
 * The branches on a Leaflet map, the one map of the borrowers' locator and of the staff's preview
 * of it (a lazy chunk: `LazyBranchMap`): a pin for each branch with a position (hovering it names
 * the branch), the map looking at the searched ZIP or at the branches, at the institution's zoom
 * and default centre (`mapViewFor`). A picture for those who can use it: the list beside it
 * carries everything for everyone else, so the map keeps out of the tab order (its zoom buttons
 * and attribution links aside) and pins are pointer-only. Tiles come from the institution's tile
 * server, with its attribution; without one the map draws the US state outlines it ships with
 * (a further chunk) and no attribution. Colours are the theme's CSS variables, so the map follows
 * a change of scheme as the rest of the page does.
 */
export default function BranchMap(props: BranchMapProps) {
  const { pins, origin = null, selection, onSelect, settings } = props;
  const { tileUrl, attribution, zoom, defaultCentre } = settings;
  const [defaultLatitude, defaultLongitude] = defaultCentre;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const pinsRef = useRef(new Map<string, L.CircleMarker>());
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  // The map itself, once.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const still = prefersReducedMotion();
    const map = L.map(element, {
      // Out of the tab order: the list is the way through for the keyboard.
      keyboard: false,
      zoomAnimation: !still,
      fadeAnimation: !still,
      markerZoomAnimation: !still,
      // SVG paths: each pin is an element of the page, styled by class, alike in every browser.
      renderer: new L.SVG(),
    });
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // The base map: the institution's tiles and their attribution, or the state outlines (which
  // need none: the setting's attribution is the tile provider's).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (tileUrl) {
      const tiles = L.tileLayer(tileUrl, { attribution: escapeHtml(attribution) }).addTo(map);
      return () => {
        tiles.remove();
      };
    }
    let outlines: L.GeoJSON | undefined;
    let cancelled = false;
    void import('./us-states')
      .then(({ loadUsStates }) => loadUsStates())
      .then((states) => {
        if (cancelled) return;
        outlines = L.geoJSON(states, {
          interactive: false,
          style: { className: LAND, weight: 1, fillOpacity: 1 },
        });
        outlines.addTo(map).bringToBack();
      })
      // Without outlines the pins still stand on the plain sea colour.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      outlines?.remove();
    };
  }, [tileUrl, attribution]);

  const pinned = useMemo(() => pinnedBranches(pins), [pins]);

  // A pin per branch with a position.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const markers = pinsRef.current;
    const layer = L.layerGroup().addTo(map);
    for (const pin of pinned) {
      const marker = L.circleMarker([pin.latitude, pin.longitude], {
        radius: PIN_RADIUS,
        className: PIN,
        weight: 2,
        fillOpacity: 1,
        bubblingMouseEvents: false,
      });
      marker.bindTooltip(escapeHtml(pin.name));
      marker.on('click', () => onSelectRef.current?.(pin.branchId));
      marker.addTo(layer);
      markers.set(pin.branchId, marker);
    }
    return () => {
      layer.remove();
      markers.clear();
    };
  }, [pinned]);

  // The map looks at each new answer, and at each new zoom or default centre.
  const originLatitude = origin?.[0];
  const originLongitude = origin?.[1];
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const searched: MapPoint | null =
      originLatitude !== undefined && originLongitude !== undefined
        ? [originLatitude, originLongitude]
        : null;
    const view = mapViewFor(pinned, searched, {
      zoom,
      defaultCentre: [defaultLatitude, defaultLongitude],
    });
    showView(map, view, !prefersReducedMotion());
  }, [pinned, originLatitude, originLongitude, zoom, defaultLatitude, defaultLongitude]);

  // The chosen branch's pin stands out; chosen in the list, the map goes to it (once a choice).
  const centredOn = useRef<BranchSelection | undefined>(undefined);
  useEffect(() => {
    const map = mapRef.current;
    for (const [branchId, marker] of pinsRef.current) {
      const chosen = branchId === selection?.branchId;
      marker.setRadius(chosen ? CHOSEN_PIN_RADIUS : PIN_RADIUS);
      marker.getElement()?.classList.toggle(CHOSEN_PIN, chosen);
      if (!chosen) continue;
      marker.bringToFront();
      if (map && selection?.from === 'list' && centredOn.current !== selection) {
        centredOn.current = selection;
        map.setView(marker.getLatLng(), Math.max(map.getZoom(), zoom), {
          animate: !prefersReducedMotion(),
        });
      }
    }
  }, [selection, pinned, zoom]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      sx={[{ height: props.height }, MAP_BOX, drawingColours]}
    />
  );
}

/**
 * The map's box and Leaflet's controls and tooltips, in the theme's colours in both schemes. `&&`
 * outranks Leaflet's own style sheet, which may come after the page's styles.
 */
const MAP_BOX = {
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  // Below the app's own layers (menus, dialogs): Leaflet's panes reach z-index 1000.
  isolation: 'isolate',
  '&&': { fontFamily: 'inherit' },
  '&& .leaflet-bar, && .leaflet-bar a': { borderColor: 'divider' },
  '&& .leaflet-bar a, && .leaflet-control-attribution, && .leaflet-tooltip': {
    bgcolor: 'background.paper',
    color: 'text.primary',
  },
  '&& .leaflet-tooltip': { borderColor: 'divider', fontSize: '0.875rem' },
  '&& .leaflet-bar a.leaflet-disabled': { color: 'text.disabled' },
  '&& .leaflet-control-attribution a': { color: 'primary.main' },
} as const;

/**
 * What the map draws (SVG fills and strokes), its sea, the controls' hover and the tooltips'
 * arrows, from the theme's variables: the page's background a shade darker (lighter in the dark
 * scheme) for the sea, the paper's colour for the land.
 */
function drawingColours(theme: Theme) {
  const { palette } = theme.vars ?? theme;
  const shade = (colour: string) => `linear-gradient(${colour}, ${colour})`;
  return {
    '&&': {
      backgroundColor: palette.background.default,
      backgroundImage: shade(palette.action.selected),
    },
    [`& .${LAND}`]: { fill: palette.background.paper, stroke: palette.text.secondary },
    [`& .${PIN}`]: { fill: palette.primary.main, stroke: palette.primary.contrastText },
    [`& .${CHOSEN_PIN}`]: { stroke: palette.text.primary, strokeWidth: '3px' },
    '&& .leaflet-bar a:hover, && .leaflet-bar a:focus-visible': {
      backgroundImage: shade(palette.action.hover),
    },
    '&& .leaflet-tooltip-top::before': { borderTopColor: palette.background.paper },
    '&& .leaflet-tooltip-bottom::before': { borderBottomColor: palette.background.paper },
    '&& .leaflet-tooltip-left::before': { borderLeftColor: palette.background.paper },
    '&& .leaflet-tooltip-right::before': { borderRightColor: palette.background.paper },
  };
}
