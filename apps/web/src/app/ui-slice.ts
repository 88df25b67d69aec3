import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** UI state (spec part 2 §3 "UI state"); the only slice saved across reloads for now. */
type UiState = {
  sidebar: { open: boolean; pinned: boolean; width: number; variant: 'persistent' };
  headerHeight: number;
  footer: { height: number; visible: boolean };
  rightDrawer: { open: boolean; width: number };
  theme: { mode: 'light'; density: 'comfortable'; animations: boolean };
  /** Expanded sidebar groups, by path. */
  expandedNavGroups: string[];
};

const initialState: UiState = {
  sidebar: { open: true, pinned: true, width: 280, variant: 'persistent' },
  headerHeight: 64,
  footer: { height: 48, visible: true },
  rightDrawer: { open: false, width: 320 },
  theme: { mode: 'light', density: 'comfortable', animations: true },
  expandedNavGroups: [],
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    navGroupToggled(state, action: PayloadAction<string>) {
      const path = action.payload;
      state.expandedNavGroups = state.expandedNavGroups.includes(path)
        ? state.expandedNavGroups.filter((open) => open !== path)
        : [...state.expandedNavGroups, path];
    },
    navGroupExpanded(state, action: PayloadAction<string>) {
      if (!state.expandedNavGroups.includes(action.payload)) {
        state.expandedNavGroups.push(action.payload);
      }
    },
  },
});

export const { navGroupToggled, navGroupExpanded } = uiSlice.actions;
