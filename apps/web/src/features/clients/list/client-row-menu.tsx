import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';

/** The row's actions, as on the dashboard (spec part 1 §2). */
export function ClientRowMenu({ clientId, name }: { clientId: string; name: string }) {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };
  const id = encodeURIComponent(clientId);
  const menuBuilt = useOpenedOnce(anchor !== null);
  return (
    <>
      <IconButton aria-label={`Actions for ${name}`} onClick={(event) => setAnchor(event.currentTarget)} size="small">
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {menuBuilt && (
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => go(`/clients/${id}/profile`)}>View Profile</MenuItem>
          <MenuItem onClick={() => go(`/clients/${id}/edit`)}>Edit Client</MenuItem>
          <MenuItem onClick={() => go('/assessments')}>Run Assessment</MenuItem>
          <MenuItem onClick={() => go(`/clients/${id}/report`)}>Generate Report</MenuItem>
        </Menu>
      )}
    </>
  );
}
