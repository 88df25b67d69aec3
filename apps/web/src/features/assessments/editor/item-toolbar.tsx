import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { editorTexts as text } from './editor-texts.ts';

type Props = {
  /** What the item is called, e.g. "Question 2": the buttons are named after it. */
  item: string;
  index: number;
  count: number;
  onMove: (offset: number) => void;
  onRemove: () => void;
  /** The last item of a list that needs one (a section, a question) or two (options) stays. */
  minimum?: number;
};

/** Move up, move down and remove, as buttons named by the item (reordering needs no mouse). */
export function ItemToolbar({ item, index, count, onMove, onRemove, minimum = 1 }: Props) {
  const buttons = [
    { label: text.moveUp(item), icon: <ArrowUpwardIcon fontSize="small" />, disabled: index === 0, act: () => onMove(-1) },
    { label: text.moveDown(item), icon: <ArrowDownwardIcon fontSize="small" />, disabled: index === count - 1, act: () => onMove(1) },
    { label: text.remove(item), icon: <DeleteOutlinedIcon fontSize="small" />, disabled: count <= minimum, act: onRemove },
  ];
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      {buttons.map((button) => (
        <Tooltip key={button.label} title={button.label} describeChild>
          <span>
            <IconButton size="small" aria-label={button.label} disabled={button.disabled} onClick={button.act}>
              {button.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Box>
  );
}
