import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { InstitutionLogo } from '../../components/institution-logo';
import { useSignedInUser } from '../../lib/session/session-context';
import { useSettings } from '../../lib/settings/settings-context';
import { NavigationBar } from './main-navigation';
import { navigationBarItems, type MenuAction, type MenuItem } from './menu-items';
import { SkipLink } from './skip-link';

/** The drawer (MUI's modal and slide) loads when the Menu button is first pressed. */
const MobileMenu = lazy(() => import('./mobile-menu'));

interface LoggedInHeaderProps {
  menuItems: MenuItem[];
  headerLinks: MenuItem[];
  compact: boolean;
  mainId: string;
  onAction(action: MenuAction, label: string): void;
}

/** Skip link, logo, the user's name, FAQ / Find Us / Logout, and the navigation (spec 000 section 2.2). */
export function LoggedInHeader({
  menuItems,
  headerLinks,
  compact,
  mainId,
  onAction,
}: LoggedInHeaderProps) {
  const settings = useSettings();
  const user = useSignedInUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuOpenedOnce, setMenuOpenedOnce] = useState(false);
  const drawerId = useId();
  const navigationLabel = settings.get('loggedInLayout.mainNavigationLabel');

  return (
    <AppBar position="static" elevation={0}>
      <SkipLink targetId={mainId}>{settings.get('loggedInLayout.skipToMainContentText')}</SkipLink>
      <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
        <Link
          component={RouterLink}
          to="/myaccount/dashboard"
          sx={{ display: 'inline-flex', color: 'inherit', minWidth: 0 }}
        >
          <InstitutionLogo alt={settings.get('loggedInLayout.logoAltText')} />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {/* On a phone the name has a row of its own below the logo and the menu button, so the
            rows do not change when the logo arrives (a wrapping row shifted the whole page). */}
        <Typography
          component="p"
          sx={compact ? { fontWeight: 600, order: 1, flexBasis: '100%' } : { fontWeight: 600 }}
        >
          {user.personalName}
        </Typography>
        {compact ? (
          <IconButton
            color="inherit"
            aria-label={settings.get('loggedInLayout.mobileMenuButtonText')}
            aria-controls={menuOpen ? drawerId : undefined}
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuOpen(true);
              setMenuOpenedOnce(true);
            }}
          >
            <MenuIcon />
          </IconButton>
        ) : (
          <Stack direction="row" spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {headerLinks.map((link) => (
              <li key={link.id}>
                {link.kind === 'link' ? (
                  <Button component={RouterLink} to={link.to} color="inherit" size="small">
                    {link.label}
                  </Button>
                ) : (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => onAction(link.action, link.label)}
                  >
                    {link.label}
                  </Button>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Toolbar>
      {compact ? (
        menuOpenedOnce ? (
          <Suspense fallback={null}>
            <MobileMenu
              id={drawerId}
              dialogLabel={settings.get('loggedInLayout.mobileMenuButtonText')}
              label={navigationLabel}
              items={menuItems}
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              onAction={onAction}
            />
          </Suspense>
        ) : null
      ) : (
        <NavigationBar
          label={navigationLabel}
          items={navigationBarItems(menuItems, headerLinks)}
          onAction={onAction}
        />
      )}
    </AppBar>
  );
}
