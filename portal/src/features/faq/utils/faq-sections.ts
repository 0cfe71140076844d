import type { SettingsAccessor } from '@portal/settings-schema';

export type FaqSectionId = 'general' | 'security' | 'account' | 'rates' | 'holidays';

export interface FaqSection {
  id: FaqSectionId;
  title: string;
  html: string;
}

/**
 * The FAQ's sections as the institution configures them (spec 002 "FAQ page"): General first,
 * then Security, Account, Rates and Holidays, each left out when its hide option is on.
 */
export function visibleFaqSections(settings: SettingsAccessor): FaqSection[] {
  const sections: Array<FaqSection & { hidden: boolean }> = [
    {
      id: 'general',
      hidden: settings.get('faqOptions.hideGeneralOption'),
      title: settings.get('faqTexts.generalTitleText'),
      html: settings.get('faqTexts.generalRichText'),
    },
    {
      id: 'security',
      hidden: settings.get('faqOptions.hideSecurityOption'),
      title: settings.get('faqTexts.securityTitleText'),
      html: settings.get('faqTexts.securityRichText'),
    },
    {
      id: 'account',
      hidden: settings.get('faqOptions.hideAccountOption'),
      title: settings.get('faqTexts.accountTitleText'),
      html: settings.get('faqTexts.accountRichText'),
    },
    {
      id: 'rates',
      hidden: settings.get('faqOptions.hideRatesOption'),
      title: settings.get('faqTexts.ratesTitleText'),
      html: settings.get('faqTexts.ratesRichText'),
    },
    {
      id: 'holidays',
      hidden: settings.get('faqOptions.hideHolidaysOption'),
      title: settings.get('faqTexts.holidaysTitleText'),
      html: settings.get('faqTexts.holidaysRichText'),
    },
  ];
  return sections
    .filter((section) => !section.hidden)
    .map(({ id, title, html }) => ({ id, title, html }));
}

/** The section a link names (`?section=rates`), or the first shown for none, a hidden or an unknown one. */
export function chosenFaqSection(
  sections: readonly FaqSection[],
  requested: string | null,
): FaqSection | undefined {
  return sections.find((section) => section.id === requested) ?? sections[0];
}
