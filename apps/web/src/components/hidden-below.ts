/** A table cell's sx for a column a narrow screen leaves out, so the table fits without losing what matters. */
export const hiddenBelow = (breakpoint: 'sm' | 'md') => ({ display: { xs: 'none', [breakpoint]: 'table-cell' } }) as const;
