import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../../../components/loading-block';
import { WhenVisible } from '../../../components/when-visible';
import { profileDataKey, useProfileData } from '../../../lib/profile/profile-data';
import { useSettings } from '../../../lib/settings/settings-context';
import { NotificationsSection } from './notifications-section';
import { PersonalInfoSection } from './personal-info-section';
import { UserInfoSection } from './user-info-section';

/**
 * myaccount/profile (spec 002 "Profile page"): user information (unless the institution hides
 * it), personal information (the server leaves it out for non-personal users when configured;
 * not offered when contact changes go through staff), notifications, and the user's own
 * documents when file services are on and the user is personal (the server sends them only
 * then). Each form has its own Save and Cancel; unsaved changes are guarded by the app's
 * unsaved-changes dialog and the browser's leave-page warning. An Unauthorized answer logs out
 * (the API client, for every call).
 */
// The documents come last on the page: their list and uploader load as the borrower scrolls
// toward them (WhenVisible), not with the forms at the top.
const DocumentsSection = lazy(() =>
  import('../../../components/documents-section/documents-section').then((module) => ({
    default: module.DocumentsSection,
  })),
);

/** The room the profile's forms take while they load (user, personal info, notifications). */
const PROFILE_PLACEHOLDER_HEIGHT = 1000;
/** The room the documents take while they load: the page does not jump when they arrive. */
const DOCUMENTS_PLACEHOLDER_HEIGHT = 240;

export function ProfilePage() {
  const settings = useSettings();
  const profile = useProfileData();
  const queryClient = useQueryClient();
  const data = profile.data;
  const showUserInfo = !settings.get('profileOptions.hideUserInformationOption');
  const personalEditable = !settings.get('profileOptions.forceManualCifChangesOption');
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {settings.get('loggedInLayout.profileMenuText')}
      </Typography>
      {profile.isPending ? (
        // About the height of the forms it stands for, so the footer below does not jump up and
        // back (and its rich text is not loaded for a footer that the forms push off screen).
        <LoadingBlock height={PROFILE_PLACEHOLDER_HEIGHT} label="Loading the profile" />
      ) : !data ? (
        <Alert severity="error">{settings.get('profileErrorTexts.genericErrorText')}</Alert>
      ) : (
        <Stack spacing={4} divider={<Divider flexItem />}>
          {showUserInfo && data.UserInfo ? <UserInfoSection info={data.UserInfo} /> : null}
          {personalEditable && data.PersonalInfo ? (
            <PersonalInfoSection info={data.PersonalInfo} />
          ) : null}
          {data.UserAlertsInfo ? (
            <NotificationsSection
              info={data.UserAlertsInfo}
              phones={data.PersonalInfo?.PhoneNumbers ?? null}
            />
          ) : null}
          {data.Documents && settings.get('globalOptions.useFileServicesOption') ? (
            <WhenVisible minHeight={DOCUMENTS_PLACEHOLDER_HEIGHT}>
              <Suspense
                fallback={
                  <LoadingBlock
                    height={DOCUMENTS_PLACEHOLDER_HEIGHT}
                    label="Loading the documents"
                  />
                }
              >
                <DocumentsSection
                  documents={data.Documents}
                  upload={{
                    target: { kind: 'customer' },
                    onUploaded: () =>
                      void queryClient.invalidateQueries({ queryKey: profileDataKey() }),
                  }}
                />
              </Suspense>
            </WhenVisible>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
