import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import PolicyIcon from '@mui/icons-material/Policy';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '../../app/api.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import { ChangePasswordDialog } from '../auth/index.ts';
import { displayName, roleName, userInitials } from '../../lib/user-display.ts';

/**
 * The avatar menu: who is signed in, account entries and Logout. The header (name, e-mail, role)
 * is a group of the menu, as a menu holds only items, groups and separators. Staff also find the
 * firm's investment policy here (the side menu is fixed by the spec); a client user does not.
 */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const menuBuilt = useOpenedOnce(anchor !== null);
  const dialogBuilt = useOpenedOnce(changingPassword);

  const isStaff = user?.role_name === 'admin' || user?.role_name === 'advisor';
  const initials = userInitials(user);
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          // The name starts with the initials the button shows (WCAG 2.5.3, label in name).
          aria-label={`${initials}, Open user menu`}
          aria-haspopup="menu"
          aria-controls={anchor ? 'user-menu' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36, fontSize: 16 }}>{initials}</Avatar>
        </IconButton>
      </Tooltip>
      {menuBuilt && (
        <Menu
          id="user-menu"
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
        >
          <Box role="group" aria-label="Signed in as" sx={{ px: 2, py: 1.5 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>
              {displayName(user)}
            </Typography>
            {user?.email && (
              <Typography variant="body2" color="text.secondary">
                {user.email}
              </Typography>
            )}
            <Chip label={roleName(user)} size="small" color="primary" variant="outlined" sx={{ mt: 1 }} />
          </Box>
          <Divider />
          <MenuItem onClick={() => go('/profile')}>
            <ListItemIcon>
              <PersonIcon fontSize="small" />
            </ListItemIcon>
            Profile
          </MenuItem>
          <MenuItem onClick={() => go('/settings')}>
            <ListItemIcon>
              <SettingsIcon fontSize="small" />
            </ListItemIcon>
            Settings
          </MenuItem>
          {isStaff && (
            <MenuItem onClick={() => go('/investment-policy')}>
              <ListItemIcon>
                <PolicyIcon fontSize="small" />
              </ListItemIcon>
              Investment policy
            </MenuItem>
          )}
          <MenuItem
            onClick={() => {
              close();
              setChangingPassword(true);
            }}
          >
            <ListItemIcon>
              <LockResetIcon fontSize="small" />
            </ListItemIcon>
            Change password
          </MenuItem>
          <MenuItem onClick={() => go('/two-factor?mode=setup')}>
            <ListItemIcon>
              <SecurityIcon fontSize="small" />
            </ListItemIcon>
            Two-factor authentication
          </MenuItem>
          <MenuItem onClick={() => go('/help')}>
            <ListItemIcon>
              <HelpOutlineIcon fontSize="small" />
            </ListItemIcon>
            Help
          </MenuItem>
          <Divider />
          <MenuItem
            onClick={() => {
              close();
              void endSession(dispatch);
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Logout
          </MenuItem>
        </Menu>
      )}
      {dialogBuilt && (
        <ChangePasswordDialog
          open={changingPassword}
          onClose={() => setChangingPassword(false)}
          onSuccess={() => setChangingPassword(false)}
        />
      )}
    </>
  );
}
