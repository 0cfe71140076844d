import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { NavLink } from 'react-router';
import type { MenuAction, MenuItem } from './menu-items';

export interface NavigationProps {
  label: string;
  items: MenuItem[];
  /** Runs an action item; `label` is the item's words (a dialog it opens is titled so). */
  onAction(action: MenuAction, label: string): void;
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
                onClick={() => onAction(item.action, item.label)}
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
