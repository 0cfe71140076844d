import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loanLoadError, loanSaveErrors } from './save-errors';

const settings = createSettingsAccessor({ shared: {}, english: {} });

describe('the wording of a failed loan page save', () => {
  it('words each code of the answer from the settings, never showing a code', () => {
    expect(loanSaveErrors(new ApiError(200, ['CorrectErrors']), settings)).toEqual([
      'Was unable to save changes, please correct errors first.',
    ]);
    expect(loanSaveErrors(new ApiError(503, ['NightError']), settings)).toEqual([
      'Nightly processing error. Please try back in about 15 minutes.',
    ]);
    expect(loanSaveErrors(new ApiError(404, ['NotFound', 'Whatever']), settings)).toEqual([
      'There was an error saving your changes.',
    ]);
  });

  it("says 'Error' for a network failure", () => {
    expect(loanSaveErrors(new ApiError(0, ['NetworkError']), settings)).toEqual(['Error']);
    expect(loanSaveErrors(new TypeError('failed'), settings)).toEqual(['Error']);
  });
});

describe('the wording of a list that failed to load', () => {
  it('gives the list its own error, or the nightly text in the night window', () => {
    const key = 'eStatementTexts.listErrorText';
    expect(loanLoadError(new ApiError(500, ['HostError']), settings, key)).toBe(
      'An error occurred trying to retrieve the e-statements.',
    );
    expect(loanLoadError(new ApiError(0, ['NetworkError']), settings, key)).toBe(
      'An error occurred trying to retrieve the e-statements.',
    );
    expect(loanLoadError(new ApiError(503, ['NightError']), settings, key)).toBe(
      'Nightly processing error. Please try back in about 15 minutes.',
    );
  });
});
