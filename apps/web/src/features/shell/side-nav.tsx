import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { isNavigationItemSelected, type NavigationItem } from '@meridian/domain/navigation/menu';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { navGroupExpanded, navGroupToggled } from '../../app/ui-slice.ts';
import { navIcon } from './nav-icons.tsx';

type Props = { items: NavigationItem[]; onNavigate?: () => void };

const itemSx = { borderRadius: 1, mx: 1, my: 0.25 } as const;

/**
 * The sidebar menu with highlighting and the expandable groups (MeridianTalk). Every entry is a link
 * (an <a href>), so it opens in a new tab or window as any link does.
 */
export function SideNav({ items, onNavigate }: Props) {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const expanded = useAppSelector((state) => state.ui.expandedNavGroups);

  // A group opens by itself when one of its pages is shown.
  useEffect(() => {
    for (const item of items) {
      if (item.children?.length && pathname.startsWith(`${item.path}/`)) dispatch(navGroupExpanded(item.path));
    }
  }, [items, pathname, dispatch]);

  return (
    <Box component="nav" aria-label="Main navigation">
      <List dense sx={{ py: 1 }}>
        {items.map((item) => {
          const selected = isNavigationItemSelected(item.path, pathname);
          if (!item.children?.length) {
            return (
              <ListItem key={item.path} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={item.path}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={itemSx}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>{navIcon(item.icon)}</ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            );
          }
          const open = expanded.includes(item.path);
          return (
            <ListItem key={item.path} disablePadding sx={{ display: 'block' }}>
              <ListItemButton
                component={RouterLink}
                to={item.path}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                aria-expanded={open}
                onClick={() => dispatch(navGroupToggled(item.path))}
                sx={itemSx}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{navIcon(item.icon)}</ListItemIcon>
                <ListItemText primary={item.label} />
                {open ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={open} timeout="auto" unmountOnExit>
                <List disablePadding dense>
                  {item.children.map((child) => {
                    const childSelected = isNavigationItemSelected(child.path, pathname);
                    return (
                      <ListItem key={child.path} disablePadding>
                        <ListItemButton
                          component={RouterLink}
                          to={child.path}
                          selected={childSelected}
                          aria-current={childSelected ? 'page' : undefined}
                          onClick={onNavigate}
                          sx={{ ...itemSx, pl: 4 }}
                        >
                          <ListItemIcon sx={{ minWidth: 36 }}>{navIcon(child.icon)}</ListItemIcon>
                          <ListItemText primary={child.label} />
                        </ListItemButton>
                      </ListItem>
                    );
                  })}
                </List>
              </Collapse>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
