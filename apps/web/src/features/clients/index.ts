// What other features use of clients: the client queries, the client picker and avatar, the
// assessment status chip, and the pieces of the client list the dashboard's table is built from.
export { useAdvisorsQuery } from './advisors-api.ts';
export { AssessmentStatusChip } from './assessment-status-chip.tsx';
export { ClientAvatar } from './client-avatar.tsx';
export { ClientPerformanceHeader } from './client-performance-header.tsx';
export { type ClientOption, ClientPicker } from './client-picker.tsx';
export { useGetClientQuery, useListClientsQuery } from './clients-api.ts';
export { clientListReducer, initialListState, listArgs } from './list/client-list-state.ts';
export { ClientRow } from './list/client-row.tsx';
export { PerformancePeriodSelect } from './performance-period-select.tsx';
