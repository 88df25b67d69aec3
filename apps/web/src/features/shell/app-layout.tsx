import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { Suspense, useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { useAppSelector } from '../../app/hooks.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import { ChangePasswordDialog } from '../auth/index.ts';
import { SideNav } from './side-nav.tsx';
import { useNavigationItems } from './use-navigation-items.ts';
import { UserMenu } from './user-menu.tsx';

export const drawerWidth = { permanent: 250, temporary: 280 } as const;

/** Off screen until focused: then it shows over the top bar's corner, the first stop of the Tab key. */
const skipLinkSx = {
  position: 'absolute',
  left: 8,
  top: -64,
  zIndex: (theme: Theme) => theme.zIndex.tooltip + 1,
  px: 2,
  py: 1,
  bgcolor: 'background.paper',
  borderRadius: 1,
  boxShadow: 3,
  '&:focus': { top: 8 },
  // It shows over the blue top bar: a white ring stands out there.
  '&:focus-visible': { outlineColor: '#ffffff' },
} as const;

/** The protected shell: fixed top bar, drawer (permanent on md+, temporary below), content. */
export function AppLayout() {
  const navigate = useNavigate();
  const items = useNavigationItems();
  const [mobileOpen, setMobileOpen] = useState(false);
  // Mounted closed at start-up, the phone menu's slide transition would measure the page (a forced
  // layout) for a menu most visits never open.
  const mobileMenuBuilt = useOpenedOnce(mobileOpen);
  const mustChangePassword = useAppSelector((state) => state.auth.user?.password_must_change === true);
  const main = useRef<HTMLElement>(null);

  // Focus moves with the reader, without a '#main-content' left in the address.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link href="#main-content" onClick={skipToMain} sx={skipLinkSx}>
        Skip to main content
      </Link>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation menu"
            onClick={() => setMobileOpen(true)}
            sx={{ mr: 2, display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/dashboard"
            noWrap
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexGrow: 1 }}
          >
            {webMessages.platformTitle}
          </Typography>
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Box component="nav" sx={{ width: { md: drawerWidth.permanent }, flexShrink: { md: 0 } }} aria-label="Sections">
        {mobileMenuBuilt && (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            // On a phone the menu opens as a dialog over the page: named after the button that opens it.
            slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
            sx={{
              display: { xs: 'block', md: 'none' },
              '& .MuiDrawer-paper': { width: drawerWidth.temporary, boxSizing: 'border-box' },
            }}
          >
            <Toolbar />
            <SideNav items={items} onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        )}
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': { width: drawerWidth.permanent, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          <SideNav items={items} />
        </Drawer>
      </Box>
      <Box
        component="main"
        id="main-content"
        ref={main}
        // Focusable only from the skip link, which leaves the reader at the start of the content.
        tabIndex={-1}
        sx={{
          outline: 'none',
          flexGrow: 1,
          minWidth: 0,
          width: { md: `calc(100% - ${drawerWidth.permanent}px)` },
          p: { xs: 2, sm: 3 },
        }}
      >
        <Toolbar />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      {mustChangePassword && <ChangePasswordDialog open required onSuccess={() => navigate('/dashboard')} />}
    </Box>
  );
}
