import { AgreementSetupError } from './errors';

/** When an agreement must be accepted; the index is the wire code (spec 000 section 3). */
export const AGREEMENT_TYPES = [
  'login',
  'registration',
  'ach',
  'estatements',
  'texting',
  'ecommunicationreagree',
] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/** HostNum of the first agreement; each later entry adds its index. */
export const AGREEMENT_HOST_NUMBER_BASE = 11337;
export const MAX_AGREEMENTS = 5;

export interface Agreement {
  url: string;
  /** The date of the terms, `YYYY-MM-DD`. */
  date: string;
  name: string;
  hostNum: number;
  whenToAgree: AgreementType[];
}

export function agreementTypeCode(type: AgreementType): number {
  return AGREEMENT_TYPES.indexOf(type);
}

function isAgreementType(value: string): value is AgreementType {
  return (AGREEMENT_TYPES as readonly string[]).includes(value);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function normaliseDate(text: string, entryIndex: number): string {
  let year: number;
  let month: number;
  let day: number;
  const iso = ISO_DATE.exec(text);
  const us = US_DATE.exec(text);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (us) {
    [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
  } else {
    throw new AgreementSetupError(
      `Agreement ${entryIndex + 1}: invalid date "${text}" (use YYYY-MM-DD or MM/DD/YYYY)`,
      entryIndex,
    );
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    throw new AgreementSetupError(
      `Agreement ${entryIndex + 1}: invalid date "${text}"`,
      entryIndex,
    );
  }
  return date.toISOString().slice(0, 10);
}

/**
 * The parser's fixed wording for an unknown when-to-agree name (the specs'). The admin app shows
 * the institution's `agreementTexts.invalidAgreementTypeText` in its place.
 */
export const INVALID_AGREEMENT_TYPE_MESSAGE = 'Invalid agreement type';

/**
 * Parses an agreement setup string: up to five entries, one per line, each `URL|date|name|types`
 * where types are when-to-agree names joined by dashes (`login-registration`).
 * The specs do not fix how entries are separated; this product uses one entry per line.
 */
export function parseAgreementSetup(setup: string): Agreement[] {
  const entries = setup
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (entries.length > MAX_AGREEMENTS) {
    throw new AgreementSetupError(
      `At most ${MAX_AGREEMENTS} agreements can be set up; found ${entries.length}`,
    );
  }
  // Every entry is read, so the admin sees every problem with its row, not only the first.
  const problems: { entryIndex: number; message: string }[] = [];
  const agreements = entries.flatMap((entry, index): Agreement[] => {
    const problem = (message: string) => {
      problems.push({ entryIndex: index, message: `Agreement ${index + 1}: ${message}` });
      return [];
    };
    const parts = entry.split('|').map((part) => part.trim());
    if (parts.length !== 4 || parts.some((part) => part === '')) {
      return problem('a setup entry needs exactly four non-empty parts, URL|date|name|types');
    }
    const [url = '', dateText = '', name = '', typesText = ''] = parts;
    const before = problems.length;
    if (!isAgreementUrl(url)) {
      problem(`the address "${url}" is neither an http(s) address nor a path starting with /`);
    }
    let date = '';
    try {
      date = normaliseDate(dateText, index);
    } catch (error) {
      if (!(error instanceof AgreementSetupError)) throw error;
      problems.push({ entryIndex: index, message: error.message });
    }
    const whenToAgree = typesText.split('-').map((type) => type.trim().toLowerCase());
    const unknown = whenToAgree.filter((type) => !isAgreementType(type));
    // The specs' fixed parser wording; the row is added when several problems are listed.
    if (unknown.length > 0) {
      problems.push({ entryIndex: index, message: INVALID_AGREEMENT_TYPE_MESSAGE });
    }
    if (problems.length > before) return [];
    return [
      {
        url,
        date,
        name,
        hostNum: AGREEMENT_HOST_NUMBER_BASE + index,
        whenToAgree: whenToAgree.filter(isAgreementType),
      },
    ];
  });
  if (problems.length > 0) {
    const [first] = problems;
    const withRow = ({ entryIndex, message }: { entryIndex: number; message: string }) =>
      message.startsWith('Agreement ') ? message : `Agreement ${entryIndex + 1}: ${message}`;
    throw new AgreementSetupError(
      problems.length === 1 ? (first?.message ?? '') : problems.map(withRow).join('\n'),
      problems.length === 1 ? first?.entryIndex : undefined,
      problems.map((entry) => ({ entryIndex: entry.entryIndex, message: withRow(entry) })),
    );
  }
  return agreements;
}

/** An agreement opens at an http(s) address or at a path of this site (its cdn folder). */
function isAgreementUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Formats agreements back into a setup string that `parseAgreementSetup` reads unchanged. */
export function formatAgreementSetup(agreements: readonly Omit<Agreement, 'hostNum'>[]): string {
  if (agreements.length > MAX_AGREEMENTS) {
    throw new AgreementSetupError(`At most ${MAX_AGREEMENTS} agreements can be set up`);
  }
  return agreements
    .map((agreement, index) => {
      const parts = [
        agreement.url,
        agreement.date,
        agreement.name,
        agreement.whenToAgree.join('-'),
      ];
      if (parts.some((part) => part.trim() === '' || part.includes('|') || /[\r\n]/.test(part))) {
        throw new AgreementSetupError(
          `Agreement ${index + 1}: URL, date, name and types must be non-empty and contain no | or line break`,
          index,
        );
      }
      return parts.join('|');
    })
    .join('\n');
}
