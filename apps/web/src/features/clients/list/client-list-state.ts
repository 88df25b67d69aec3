import type { PerformancePeriod } from '@meridian/domain/analytics/returns';
import type { AssessmentStatus, ClientSortField } from '@meridian/domain/clients/contracts';
import type { RiskBandFilterValue } from '@meridian/domain/clients/risk-band';
import type { ClientFilterArgs, ClientListArgs } from '../clients-api.ts';

/** A band of the five, or not_assessed. */
export type RiskFilter = 'all' | RiskBandFilterValue;
export type AssessmentFilter = 'all' | AssessmentStatus;

/**
 * The list screen's choices. `page` counts from 0 as the table's pager does; the API's from 1.
 * `period` is the span of each row's performance: it changes no row, so it keeps the page.
 */
export type ClientListState = {
  search: string;
  risk: RiskFilter;
  assessment: AssessmentFilter;
  page: number;
  perPage: number;
  sort: ClientSortField;
  order: 'asc' | 'desc';
  period: PerformancePeriod;
};

export const pageSizeOptions = [5, 10, 25, 50] as const;

export const initialListState: ClientListState = {
  search: '',
  risk: 'all',
  assessment: 'all',
  page: 0,
  perPage: 10,
  sort: 'name',
  order: 'asc',
  period: '1Y',
};

export type ClientListAction =
  | { type: 'search'; value: string }
  | { type: 'risk'; value: RiskFilter }
  | { type: 'assessment'; value: AssessmentFilter }
  | { type: 'clear' }
  | { type: 'page'; value: number }
  | { type: 'perPage'; value: number }
  | { type: 'sort'; field: ClientSortField }
  | { type: 'period'; value: PerformancePeriod };

/** A filter change, a reset or a new page size returns to the first page (spec part 1 §2). */
export function clientListReducer(state: ClientListState, action: ClientListAction): ClientListState {
  switch (action.type) {
    case 'search':
      return { ...state, search: action.value, page: 0 };
    case 'risk':
      return { ...state, risk: action.value, page: 0 };
    case 'assessment':
      return { ...state, assessment: action.value, page: 0 };
    case 'clear':
      return { ...state, search: '', risk: 'all', assessment: 'all', page: 0 };
    case 'page':
      return { ...state, page: action.value };
    case 'perPage':
      return { ...state, perPage: action.value, page: 0 };
    case 'period':
      return { ...state, period: action.value };
    case 'sort':
      return state.sort === action.field
        ? { ...state, order: state.order === 'asc' ? 'desc' : 'asc', page: 0 }
        : { ...state, sort: action.field, order: 'asc', page: 0 };
  }
}

/** The filters as the API reads them; `search` is the debounced text. */
export function filterArgs(state: ClientListState, search: string): ClientFilterArgs {
  const args: ClientFilterArgs = {};
  const text = search.trim();
  if (text) args.search = text;
  if (state.risk !== 'all') args.risk_band = [state.risk];
  if (state.assessment !== 'all') args.assessment_status = [state.assessment];
  return args;
}

export function listArgs(state: ClientListState, search: string): ClientListArgs {
  return {
    ...filterArgs(state, search),
    sort: state.sort,
    order: state.order,
    page: state.page + 1,
    per_page: state.perPage,
    performance_period: state.period,
  };
}
