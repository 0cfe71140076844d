import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailLabel, WorkItemDetails } from './work-item-details';

describe('the words of what was sent', () => {
  it('words keys as staff read them, the specs’ wire names included', () => {
    expect(detailLabel('oldAddress')).toBe('Old address');
    expect(detailLabel('zipCode')).toBe('Zip code');
    expect(detailLabel('Address1')).toBe('Street address');
    expect(detailLabel('Address2')).toBe('Address line 2');
    expect(detailLabel('returnUrl')).toBe('Sent from page');
  });

  it('words a coded feedback answer, and leaves other text as typed', () => {
    render(
      <WorkItemDetails details={{ experience: 'CouldBeBetter', message: 'Faster, please' }} />,
    );
    expect(screen.getByText('Could be better')).toBeVisible();
    expect(screen.getByText('Faster, please')).toBeVisible();
    expect(screen.queryByText('CouldBeBetter')).toBeNull();
  });
});
