/** The value types a setting may have. Values travel as text on the wire; the type says how to read them. */
export const SETTING_TYPES = [
  'boolean',
  'number',
  'text',
  'richText',
  'json',
  'agreementSetup',
  'url',
  'color',
  'enum',
] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** The sets of the wire format. `shared` wins over a language set. */
export const SETTING_SETS = ['shared', 'english'] as const;
export type SettingSet = (typeof SETTING_SETS)[number];
export type LanguageSet = Exclude<SettingSet, 'shared'>;

/** `public` settings are sent to the borrower portal; `admin` ones stay on the server and in the admin app. */
export type SettingVisibility = 'public' | 'admin';

/** Where the server puts a public setting: in `gassySettings`, or flattened into `institutionOptions`. */
export type SettingWire = 'gassySettings' | 'institutionOptions';

/** One set of the wire format: section → name → text value. */
export type SettingsSetValues = Record<string, Record<string, string>>;

/** The settings as `GET /api/setup/ApplicationOptions` delivers them (spec 000 section 3). */
export interface GassySettings {
  shared: SettingsSetValues;
  english: SettingsSetValues;
}

/**
 * An institution configuration document: the values that differ from the schema defaults, in the wire shape.
 * It is what the admin app edits, what is stored per institution (published and draft) and what the CLI validates.
 */
export type InstitutionConfiguration = Partial<Record<SettingSet, SettingsSetValues>>;

/** The runtime facts the accessor needs about a key (the generated table holds one per key). */
export interface SettingRuntimeDefinition {
  type: SettingType;
  default: string;
  set: SettingSet;
  visibility: SettingVisibility;
  wire: SettingWire;
  enum?: readonly string[];
}

/** Everything the schema says about a key, for the admin app, the server and the CLI. */
export interface SettingDefinition extends SettingRuntimeDefinition {
  key: string;
  section: string;
  name: string;
  title: string;
  description: string;
  group: string;
  route?: string;
  /** Bounds of a number setting (`x-minimum`, `x-maximum`). */
  minimum?: number;
  maximum?: number;
  /** A number setting that takes whole numbers only (`x-integer`): 2.5 minutes is refused. */
  integer?: boolean;
  /** A text setting's own pattern (`pattern`) and what it asks for (`x-patternMessage`). */
  pattern?: string;
  patternMessage?: string;
  /** `regex`: the value is a JavaScript regular expression; the validator refuses one that does not compile. */
  format?: 'regex';
}
