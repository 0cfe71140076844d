import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import type { NavigationProps } from './main-navigation';

interface MobileMenuProps extends NavigationProps {
  id: string;
  /** The accessible name of the drawer (the Menu button's text). */
  dialogLabel: string;
  open: boolean;
  onClose(): void;
}

/**
 * The same menu in a drawer, behind the Menu button on small screens. A module of its own: the
 * header loads it when the button is first pressed, so it mounts open.
 */
export default function MobileMenu({
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
      // Mounted open (see above): it slides in all the same, as each later opening does.
      slotProps={{ paper: { 'aria-label': dialogLabel }, transition: { appear: true } }}
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
                    onAction(item.action, item.label);
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
