import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { preloadRichText, SuspendingRichText } from '@portal/web-kit';
import { Suspense, useId } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { InstitutionLogo } from '../../../components/institution-logo';
import { LoadingBlock } from '../../../components/loading-block';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { chosenFaqSection, visibleFaqSections, type FaqSection } from '../utils/faq-sections';
import { FederalReserveHolidayList } from './federal-reserve-holiday-list';

/** The search parameter that names the section shown, so a section can be linked. */
const SECTION_PARAM = 'section';

/** The institution's rich text, in the page's type scale; links in the primary colour (AA in both schemes). */
const RICH_TEXT_STYLES = {
  '& h3': { typography: 'h6', mt: 3, mb: 1 },
  '& p, & ul, & ol': { my: 1 },
  '& a': { color: 'primary.main' },
} as const;

interface FaqPageProps {
  /** home/faq: the logo and a Back to Login link (spec 002 section 2). */
  publicView?: boolean;
}

/**
 * home/faq and myaccount/faq (spec 002 "FAQ page"): the institution's answers in sections,
 * General first, then Security, Account, Rates and Holidays, each hidden by its option. Beside
 * the answers a list of the sections; on a phone a menu (the phone's own picker) instead. The
 * section shown is the page address's `?section=`, so a link can open one and Back returns to
 * the one before.
 */
export function FaqPage({ publicView = false }: FaqPageProps) {
  const settings = useSettings();
  const { institutionName } = useInstitutionOptions();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const titleId = useId();
  const sectionHeadingId = useId();

  const sections = visibleFaqSections(settings);
  const chosen = chosenFaqSection(sections, searchParams.get(SECTION_PARAM));
  if (chosen) preloadRichText();
  // The heading says what the link that led here said: the sign-in screen's or the header's.
  const title = publicView
    ? settings.get('loginTexts.faqLinkText')
    : settings.get('loggedInLayout.faqLinkText');
  const choosing = sections.length > 1;

  return (
    <Box sx={{ py: 2 }}>
      {publicView ? (
        <Box sx={{ bgcolor: 'primary.main', borderRadius: 1, p: 2, mb: 3 }}>
          <InstitutionLogo alt={institutionName} height={48} />
        </Box>
      ) : null}
      <Typography variant="h4" component="h1" id={titleId} gutterBottom>
        {title}
      </Typography>
      {chosen ? (
        <Box
          sx={{
            display: 'grid',
            gap: phone ? 2 : 4,
            gridTemplateColumns: choosing && !phone ? '220px minmax(0, 1fr)' : 'minmax(0, 1fr)',
            alignItems: 'start',
          }}
        >
          {choosing ? (
            phone ? (
              <SectionMenu
                labelledBy={titleId}
                sections={sections}
                chosen={chosen}
                onChoose={(id) => setSearchParams({ [SECTION_PARAM]: id })}
              />
            ) : (
              <SectionNavigation labelledBy={titleId} sections={sections} chosen={chosen} />
            )
          ) : null}
          <Box component="section" aria-labelledby={sectionHeadingId} sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h2" id={sectionHeadingId} gutterBottom>
              {chosen.title}
            </Typography>
            <Suspense
              fallback={
                <LoadingBlock height={160} label={settings.get('errorTexts.loadingText')} />
              }
            >
              <SuspendingRichText html={chosen.html} sx={RICH_TEXT_STYLES} />
              {chosen.id === 'holidays' ? <FederalReserveHolidayList /> : null}
            </Suspense>
          </Box>
        </Box>
      ) : null}
      {publicView ? (
        <Typography sx={{ mt: 4 }}>
          <Link component={RouterLink} to="/home/login">
            {settings.get('commonTexts.backToLoginText')}
          </Link>
        </Typography>
      ) : null}
    </Box>
  );
}

interface SectionChoiceProps {
  /** The page heading's id: the navigation and the menu are the FAQ's. */
  labelledBy: string;
  sections: readonly FaqSection[];
  chosen: FaqSection;
}

/** Wide screens: the sections as links beside the answers, the one shown marked. */
function SectionNavigation({ labelledBy, sections, chosen }: SectionChoiceProps) {
  return (
    <Box component="nav" aria-labelledby={labelledBy}>
      <List disablePadding>
        {sections.map((section) => {
          const current = section.id === chosen.id;
          return (
            <ListItem key={section.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={`?${SECTION_PARAM}=${section.id}`}
                selected={current}
                aria-current={current ? 'page' : undefined}
                sx={{ borderRadius: 1, fontWeight: current ? 600 : undefined }}
              >
                {section.title}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

/** Phones: a menu of the sections, the phone's own picker (a native select). */
function SectionMenu({
  labelledBy,
  sections,
  chosen,
  onChoose,
}: SectionChoiceProps & { onChoose(id: string): void }) {
  return (
    <NativeSelect
      value={chosen.id}
      onChange={(event) => onChoose(event.target.value)}
      input={<OutlinedInput />}
      inputProps={{ 'aria-labelledby': labelledBy }}
      fullWidth
    >
      {sections.map((section) => (
        <option key={section.id} value={section.id}>
          {section.title}
        </option>
      ))}
    </NativeSelect>
  );
}
