import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type Props = {
  /** The list the back button returns to, and its name. */
  back: { to: string; label: string };
  /** The record's title, subtitle and anything under them. */
  children: ReactNode;
  /** Buttons before Edit and Delete (shown to every reader). */
  actions?: ReactNode;
  readOnly: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** The top of a record's page: back to its list, what it is, and Edit and Delete unless the reader may only look. */
export function RecordHeader({ back, children, actions, readOnly, onEdit, onDelete }: Props) {
  return (
    <>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {back.label}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {actions}
          {!readOnly && (
            <>
              <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={onEdit}>
                Edit
              </Button>
              <Button variant="outlined" color="error" startIcon={<DeleteOutlinedIcon />} onClick={onDelete}>
                Delete
              </Button>
            </>
          )}
        </Box>
      </Box>
    </>
  );
}
