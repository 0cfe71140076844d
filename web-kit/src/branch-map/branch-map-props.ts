import type { Breakpoint } from '@mui/material/styles';
import type { BranchPin, BranchSelection, MapPoint, MapViewSettings } from './map-view';

/** How the institution's branch map is drawn (`branchLocatorOptions`), as both apps read it. */
export interface BranchMapSettings extends MapViewSettings {
  /** Tiles (`{z}/{x}/{y}`, `mapTileURLTemplate`); empty draws the US state outlines instead. */
  tileUrl: string;
  /** The tiles' attribution (`mapAttribution`): shown with tiles only, as text. */
  attribution: string;
}

export interface BranchMapProps {
  /** Every branch: those with no place on the map get no pin. */
  pins: readonly BranchPin[];
  /** The searched ZIP code's centre, where the map then looks. */
  origin?: MapPoint | null;
  settings: BranchMapSettings;
  /** The chosen branch, its pin marked; chosen in the list, the map goes to it. */
  selection?: BranchSelection;
  /** Told of a click on a pin. */
  onSelect?(branchId: string): void;
  /** The map's accessible name, and the id of what describes it. */
  label: string;
  describedBy: string;
  /** The map's height in pixels, or by breakpoint. */
  height: number | Partial<Record<Breakpoint, number>>;
}
