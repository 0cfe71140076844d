import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import type { MenuAction, MenuItem } from './menu-items';

interface NavigationProps {
  label: string;
  items: MenuItem[];
  onAction(action: MenuAction): void;
}

/** The navigation bar of wide screens. The current page's link carries aria-current="page". */
export function NavigationBar({ label, items, onAction }: NavigationProps) {
  return (
    <Box
      component="nav"
      aria-label={label}
      // The palette's contrast text is chosen for primary.main. In the dark scheme main is the
      // brand colour lightened to read on the dark page, and its darker shade under that text
      // failed contrast (axe in Chromium): the bar takes main there.
      sx={[
        { bgcolor: 'primary.dark' },
        (theme) => theme.applyStyles('dark', { bgcolor: 'primary.main' }),
      ]}
    >
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0.5,
          listStyle: 'none',
          m: 0,
          px: 2,
          py: 0.5,
        }}
      >
        {items.map((item) => (
          <li key={item.id}>
            {item.kind === 'link' ? (
              <Button
                component={NavLink}
                to={item.to}
                color="inherit"
                sx={{
                  color: 'primary.contrastText',
                  '&[aria-current="page"]': { textDecoration: 'underline', textUnderlineOffset: 6 },
                }}
              >
                {item.label}
              </Button>
            ) : (
              <Button
                color="inherit"
                sx={{ color: 'primary.contrastText' }}
                onClick={() => onAction(item.action)}
              >
                {item.label}
              </Button>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

interface MobileMenuProps extends NavigationProps {
  id: string;
  /** The accessible name of the drawer (the Menu button's text). */
  dialogLabel: string;
  open: boolean;
  onClose(): void;
}

/** The same menu in a drawer, behind the Menu button on small screens. */
export function MobileMenu({
  id,
  dialogLabel,
  label,
  items,
  open,
  onClose,
  onAction,
}: MobileMenuProps) {
  return (
    <Drawer
      id={id}
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': dialogLabel } }}
    >
      <Box component="nav" aria-label={label} sx={{ width: 280 }}>
        <List>
          {items.map((item) => (
            <ListItem key={item.id} disablePadding>
              {item.kind === 'link' ? (
                <ListItemButton component={NavLink} to={item.to} onClick={onClose}>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              ) : (
                <ListItemButton
                  onClick={() => {
                    onClose();
                    onAction(item.action);
                  }}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              )}
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
