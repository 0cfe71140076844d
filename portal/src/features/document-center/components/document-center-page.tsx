import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LazyRichText } from '@portal/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSettings } from '../../../lib/settings/settings-context';
import {
  AccountDocumentsPanel,
  ApplicationDocumentsPanel,
  ProfileDocumentsPanel,
} from './document-center-panels';

type TabId = 'account' | 'profile' | 'application';

interface DocumentTab {
  id: TabId;
  label: string;
  panel: ReactNode;
}

/**
 * The three lists as tabs (MUI's tabs: a tablist whose arrow keys move between tabs, each tab
 * selected as it takes the focus, and a tabpanel each). A panel loads when its tab is first
 * chosen and then stays, hidden, while another is shown: coming back shows the same list, with
 * the new markers of this visit (spec 002 "New files since the earlier list carry a new marker").
 * On a narrow screen the tabs scroll sideways, with arrows.
 */
function DocumentTabs(props: { labelledBy: string; tabs: readonly DocumentTab[]; first: TabId }) {
  const baseId = useId();
  const [current, setCurrent] = useState<TabId>(props.first);
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set([props.first]));
  const tabId = (id: TabId) => `${baseId}-tab-${id}`;
  const panelId = (id: TabId) => `${baseId}-panel-${id}`;
  function choose(id: TabId) {
    setCurrent(id);
    setOpened((before) => (before.has(id) ? before : new Set([...before, id])));
  }
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current}
          onChange={(_event, id: TabId) => choose(id)}
          aria-labelledby={props.labelledBy}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          selectionFollowsFocus
        >
          {props.tabs.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              label={tab.label}
              id={tabId(tab.id)}
              aria-controls={panelId(tab.id)}
            />
          ))}
        </Tabs>
      </Box>
      {props.tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={current !== tab.id}
        >
          {opened.has(tab.id) ? tab.panel : null}
        </div>
      ))}
    </>
  );
}

/**
 * myaccount/document-center (spec 002 "Document Center"): Account Documents (choose a loan, then
 * view or upload), Profile Documents (the user's own) and Applications Documents (choose an
 * application, then view or upload; with consumer loan applications on, as the dashboard lists
 * them). An optional heading and an optional disclaimer above the lists; the upload area follows
 * documentCenterOptions.hideUploadAreaOption (the documents section's). Without file services
 * there are no documents to list: the page says so and asks for none.
 */
export function DocumentCenterPage() {
  const settings = useSettings();
  const titleId = useId();
  // A link may open a tab, and an application in it (`?tab=application&application=A-250001`:
  // the loan application's confirmation sends the borrower here to upload its documents).
  const [search] = useSearchParams();
  const heading = settings.get('documentCenterTexts.headingText').trim();
  const tabs: DocumentTab[] = [
    {
      id: 'account',
      label: settings.get('documentCenterTexts.accountDocumentsTabText'),
      panel: <AccountDocumentsPanel />,
    },
    {
      id: 'profile',
      label: settings.get('documentCenterTexts.profileDocumentsTabText'),
      panel: <ProfileDocumentsPanel />,
    },
  ];
  if (settings.get('globalOptions.useEgtConsumerOption')) {
    tabs.push({
      id: 'application',
      label: settings.get('documentCenterTexts.applicationDocumentsTabText'),
      panel: <ApplicationDocumentsPanel chosen={search.get('application') ?? undefined} />,
    });
  }
  const first = tabs.find((tab) => tab.id === search.get('tab'))?.id ?? 'account';
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" id={titleId} gutterBottom>
        {settings.get('loggedInLayout.documentCenterMenuText')}
      </Typography>
      {heading ? (
        <Typography variant="h5" component="h2" gutterBottom>
          {heading}
        </Typography>
      ) : null}
      {settings.get('documentCenterOptions.showDisclaimerOption') ? (
        <LazyRichText
          html={settings.get('documentCenterTexts.disclaimerRichText')}
          sx={{ mb: 2 }}
        />
      ) : null}
      {settings.get('globalOptions.useFileServicesOption') ? (
        <DocumentTabs labelledBy={titleId} tabs={tabs} first={first} />
      ) : (
        <Typography>{settings.get('documentCenterTexts.noDocumentsText')}</Typography>
      )}
    </Box>
  );
}
