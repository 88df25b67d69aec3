import type {
  CreateHouseholdBody,
  Household,
  HouseholdListResponse,
  HouseholdMemberInput,
  UpdateHouseholdBody,
} from '@meridian/domain/households/contracts';
import { api } from '../../app/api.ts';
import { analyticsTag, clientListTag, clientTag, householdListTag, householdTag } from '../../app/cache-tags.ts';

type HouseholdListArgs = { page: number; per_page: number; search?: string | undefined };

/** The household a write names: its id and the members it had, whose client records show it. */
type HouseholdRef = Pick<Household, 'id' | 'members'>;

const memberTags = (clientIds: string[]) => clientIds.map(clientTag);

/**
 * A household's members, name or notes changed: it, the household lists, its members' client records
 * and every client list (they show the household), and the analytics (household roll-ups).
 */
const householdChanged = (id: string, clientIds: string[]) => [
  householdTag(id),
  householdListTag,
  clientListTag,
  analyticsTag,
  ...memberTags(clientIds),
];

/** Households and their members (GET/POST /households, PUT/DELETE /households/{id}, PUT /households/{id}/members). */
const householdsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listHouseholds: build.query<HouseholdListResponse, HouseholdListArgs>({
      query: ({ search, ...paging }) => ({ url: '/households', params: search ? { search, ...paging } : paging }),
      providesTags: (result) => [
        householdListTag,
        analyticsTag,
        ...(result?.households.map((household) => householdTag(household.id)) ?? []),
      ],
    }),
    getHousehold: build.query<Household, string>({
      query: (id) => `/households/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [householdTag(id), analyticsTag],
    }),
    createHousehold: build.mutation<Household, CreateHouseholdBody>({
      query: (body) => ({ url: '/households', method: 'POST', body }),
      invalidatesTags: (_result, error, body) =>
        error ? [] : [householdListTag, clientListTag, analyticsTag, ...memberTags((body.members ?? []).map((member) => member.client_id))],
    }),
    /** A 409 answers the current household: the page's copy is refreshed too. */
    updateHousehold: build.mutation<Household, UpdateHouseholdBody & { household: HouseholdRef }>({
      query: ({ household, ...body }) => ({ url: `/households/${encodeURIComponent(household.id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { household }) =>
        householdChanged(
          household.id,
          household.members.map((member) => member.client_id),
        ),
    }),
    setHouseholdMembers: build.mutation<Household, { household: HouseholdRef; members: HouseholdMemberInput[]; sync_version?: number }>({
      query: ({ household, ...body }) => ({ url: `/households/${encodeURIComponent(household.id)}/members`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { household, members }) =>
        householdChanged(household.id, [
          ...household.members.map((member) => member.client_id),
          ...members.map((member) => member.client_id),
        ]),
    }),
    /** Not the deleted household itself: its page leaves rather than fetch a 404. */
    deleteHousehold: build.mutation<void, { household: HouseholdRef; sync_version?: number }>({
      query: ({ household, sync_version }) => ({
        url: `/households/${encodeURIComponent(household.id)}`,
        method: 'DELETE',
        params: sync_version === undefined ? undefined : { sync_version },
      }),
      invalidatesTags: (_result, error, { household }) =>
        error ? [] : [householdListTag, clientListTag, analyticsTag, ...memberTags(household.members.map((member) => member.client_id))],
    }),
  }),
});

export const {
  useListHouseholdsQuery,
  useGetHouseholdQuery,
  useCreateHouseholdMutation,
  useUpdateHouseholdMutation,
  useSetHouseholdMembersMutation,
  useDeleteHouseholdMutation,
} = householdsApi;
