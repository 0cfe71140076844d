import { Component, type ReactNode } from 'react';

export interface MapBoundaryProps {
  /** Shown in the map's place when its code or its drawing failed. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failure of the map (its chunk not downloaded, Leaflet throwing) to the map's place: the
 * list of branches beside it carries everything, and it stays.
 */
export class MapBoundary extends Component<MapBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
