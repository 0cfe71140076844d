import { BranchInput, type StaffBranch } from '@portal/domain';
import { z } from 'zod';

/** The branch form as typed: every field text, the hours one line per entry. */
export interface BranchFormValues {
  name: string;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  phoneNumber: string;
  hours: string;
  latitude: string;
  longitude: string;
}

export const EMPTY_BRANCH_FORM: BranchFormValues = {
  name: '',
  streetAddress: '',
  city: '',
  state: '',
  zip: '',
  phoneNumber: '',
  hours: '',
  latitude: '',
  longitude: '',
};

export function formValuesOf(branch: StaffBranch): BranchFormValues {
  return {
    name: branch.name,
    streetAddress: branch.streetAddress,
    city: branch.city,
    state: branch.state,
    zip: branch.zip,
    phoneNumber: branch.phoneNumber,
    hours: branch.hours.join('\n'),
    latitude: String(branch.latitude),
    longitude: String(branch.longitude),
  };
}

/** The hours' lines as typed, blank lines left out. */
export function hoursLinesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Degrees as typed, checked by the contract's rule for the field (its range and words). */
function degrees(rule: z.ZodNumber, missing: string) {
  return z
    .string()
    .trim()
    .refine((text) => DECIMAL.test(text), missing)
    .transform(Number)
    .pipe(rule);
}

/**
 * The form's schema: the contract's rules (domain `BranchInput`), each problem on its own field,
 * and the text of the hours and the degrees turned into what the admin API takes.
 */
export const BranchForm = z.object({
  name: BranchInput.shape.name,
  streetAddress: BranchInput.shape.streetAddress,
  city: BranchInput.shape.city,
  state: BranchInput.shape.state,
  zip: z.string().trim().pipe(BranchInput.shape.zip),
  phoneNumber: BranchInput.shape.phoneNumber,
  hours: z.string().transform((text, context) => {
    const lines = hoursLinesOf(text);
    const checked = BranchInput.shape.hours.safeParse(lines);
    // One message for the field: the first line (or the count) that breaks the rule.
    const problem = checked.error?.issues[0]?.message;
    if (problem) context.addIssue({ code: 'custom', message: problem });
    return lines;
  }),
  latitude: degrees(BranchInput.shape.latitude, 'Enter the latitude in degrees, e.g. 43.6591.'),
  longitude: degrees(BranchInput.shape.longitude, 'Enter the longitude in degrees, e.g. -70.2568.'),
}) satisfies z.ZodType<BranchInput, BranchFormValues>;

function isFormField(name: string): name is keyof BranchFormValues {
  return Object.hasOwn(EMPTY_BRANCH_FORM, name);
}

/** The form field a problem of the admin API names (`hours.1` is the hours' field). */
export function formFieldOf(key: string): keyof BranchFormValues | undefined {
  const field = key.split('.')[0] ?? '';
  return isFormField(field) ? field : undefined;
}
