import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IpqSession, PredictionResponse } from '@meridian/domain/ipq/contracts';
import { ipqModuleAt, ipqModuleCount, ipqModules, ipqProgress, type IpqModule } from '@meridian/domain/ipq/module-list';
import { logout } from '../session/index.ts';
import type { IpqModuleValues, SavedModules } from './module-values.ts';

/**
 * The questionnaire in progress on this device (spec part 2 §3 "Questionnaire (IPQ) state"), saved
 * across reloads with the `ui` slice: the open session, the module shown, and each module's answers
 * (the server's copy once saved, else the draft being typed), so an unsaved module survives a reload.
 * Signing out clears it: the answers are the client's, not the device's.
 */

export type ModuleState<V> = {
  isCompleted: boolean;
  /** The answers as the form holds them: the saved copy, or the draft typed since. */
  data: V | null;
  /** When the server last saved the module (ISO). */
  lastSaved: string | null;
  /** The messages of the last refused save, by field path. */
  validationErrors: Record<string, string>;
};

/** The spec's module keys; the API's are snake case (`asset_allocation`). */
export const ipqSliceKeys = {
  personality: 'personality',
  beliefs: 'beliefs',
  asset_allocation: 'assetAllocation',
  demographics: 'demographics',
} as const;
type SliceKeys = typeof ipqSliceKeys;
type IpqModulesState = { [M in IpqModule as SliceKeys[M]]: ModuleState<IpqModuleValues[M]> };

type PredictionCacheEntry = { result: PredictionResponse; timestamp: string; expiresAt: string };

export type IpqState = {
  sessionId: string | null;
  clientId: string | null;
  /** The module shown, 1-4. */
  currentModule: number;
  modules: IpqModulesState;
  progress: number;
  isCompleted: boolean;
  prediction: PredictionResponse | null;
  /** Predictions by session id, kept until they expire (24 hours, spec). */
  predictionCache: Record<string, PredictionCacheEntry>;
  /** Drafts are saved as they are typed; when the last one was (ISO). */
  autoSave: { enabled: boolean; lastDraftSaved: string | null };
};

const emptyModule = () => ({ isCompleted: false, data: null, lastSaved: null, validationErrors: {} });

/** A fresh state (new objects each time: a reducer may fill them in). */
export const initialIpqState = (): IpqState => ({
  sessionId: null,
  clientId: null,
  currentModule: 1,
  modules: { personality: emptyModule(), beliefs: emptyModule(), assetAllocation: emptyModule(), demographics: emptyModule() },
  progress: 0,
  isCompleted: false,
  prediction: null,
  predictionCache: {},
  autoSave: { enabled: true, lastDraftSaved: null },
});

type ModuleOf = { moduleNumber: number };

/** The state of module n (1-4), read and written without losing its type. */
function moduleState(state: IpqState, moduleNumber: number): ModuleState<unknown> {
  const module = ipqModuleAt(moduleNumber);
  if (!module) throw new Error(`No questionnaire module ${moduleNumber}`);
  return state.modules[ipqSliceKeys[module]];
}

function recount(state: IpqState) {
  const completed = ipqModules.filter((module) => state.modules[ipqSliceKeys[module]].isCompleted).length;
  state.progress = ipqProgress(completed);
  state.isCompleted = completed === ipqModuleCount;
}

export const ipqSlice = createSlice({
  name: 'ipq',
  initialState: initialIpqState,
  reducers: {
    /**
     * The session the server started or resumed. Another session than the one kept starts afresh;
     * for the same one, the server's copy of each saved module wins over the device's, and the
     * drafts of the modules not saved yet stay; module 3, untouched, starts from the client's accounts,
     * and module 4 from the age and income on their record.
     * It opens at the module the server resumes at.
     */
    sessionLoaded(
      state,
      action: PayloadAction<{
        clientId: string;
        session: Pick<IpqSession, 'session_id' | 'resume_at_module' | 'updated_at'>;
        saved: SavedModules;
        allocationPrefill?: unknown;
        demographicsPrefill?: unknown;
      }>,
    ) {
      const { clientId, session, saved, allocationPrefill, demographicsPrefill } = action.payload;
      if (state.sessionId !== session.session_id) Object.assign(state, initialIpqState(), { sessionId: session.session_id });
      state.clientId = clientId;
      for (const module of ipqModules) {
        const copy = saved[module];
        const kept = state.modules[ipqSliceKeys[module]] as ModuleState<unknown>;
        kept.isCompleted = copy !== null;
        if (copy !== null) kept.data = copy;
        if (copy !== null && kept.lastSaved === null) kept.lastSaved = session.updated_at;
      }
      // Module 3 not answered nor drafted: it starts from the client's accounts.
      const allocation = state.modules[ipqSliceKeys.asset_allocation] as ModuleState<unknown>;
      if (!allocation.isCompleted && allocation.data === null && allocationPrefill) allocation.data = allocationPrefill;
      // Module 4 likewise starts from the age and income on the client's record.
      const demographics = state.modules[ipqSliceKeys.demographics] as ModuleState<unknown>;
      if (!demographics.isCompleted && demographics.data === null && demographicsPrefill) demographics.data = demographicsPrefill;
      state.currentModule = session.resume_at_module ?? ipqModuleCount;
      recount(state);
    },
    /** The answers typed so far in a module (kept, not sent). */
    draftSaved(state, action: PayloadAction<ModuleOf & { data: unknown; savedAt: string }>) {
      moduleState(state, action.payload.moduleNumber).data = action.payload.data;
      state.autoSave.lastDraftSaved = action.payload.savedAt;
    },
    /** The server saved module n with these answers: 25 % more, and on to the next module. */
    moduleCompleted(state, action: PayloadAction<ModuleOf & { data: unknown; savedAt: string }>) {
      const { moduleNumber, data, savedAt } = action.payload;
      Object.assign(moduleState(state, moduleNumber), { isCompleted: true, data, lastSaved: savedAt, validationErrors: {} });
      state.currentModule = Math.min(moduleNumber + 1, ipqModuleCount);
      recount(state);
    },
    /** A save was refused (in the browser or by the server): the message of each answer at fault. */
    validationFailed(state, action: PayloadAction<ModuleOf & { errors: Record<string, string> }>) {
      moduleState(state, action.payload.moduleNumber).validationErrors = action.payload.errors;
    },
    moduleOpened(state, action: PayloadAction<number>) {
      if (ipqModuleAt(action.payload)) state.currentModule = action.payload;
    },
    predictionCached(state, action: PayloadAction<PredictionResponse>) {
      const result = action.payload;
      state.prediction = result;
      state.predictionCache[result.session_id] = { result, timestamp: result.computed_at, expiresAt: result.expires_at };
    },
  },
  extraReducers: (builder) => builder.addCase(logout, initialIpqState),
});

export const { sessionLoaded, draftSaved, moduleCompleted, validationFailed, moduleOpened, predictionCached } = ipqSlice.actions;
