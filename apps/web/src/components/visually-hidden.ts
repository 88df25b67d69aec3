/**
 * Styles that keep text for screen readers without showing it. Sizes are in pixels on purpose:
 * MUI's sx reads a bare 1 as 100%, which once made a hidden table header as wide as the window.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
