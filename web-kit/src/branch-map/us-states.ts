import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

type StatesTopology = Topology<{ states: GeometryCollection }>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isStatesTopology(value: unknown): value is StatesTopology {
  if (!isRecord(value) || value.type !== 'Topology' || !isRecord(value.objects)) return false;
  const states = value.objects.states;
  return (
    isRecord(states) && states.type === 'GeometryCollection' && Array.isArray(states.geometries)
  );
}

/**
 * The US state outlines as GeoJSON, the branch map's own base map when no tile server is set: the
 * Census Bureau's shapes of us-atlas (1:10,000,000), loaded when the map draws them, no sooner.
 */
export async function loadUsStates() {
  // Read as unknown and checked: the JSON's own inferred type has plain strings for its kinds.
  const atlas: unknown = (await import('us-atlas/states-10m.json')).default;
  if (!isStatesTopology(atlas)) throw new Error('us-atlas states-10m.json is not a topology');
  return feature(atlas, atlas.objects.states);
}
