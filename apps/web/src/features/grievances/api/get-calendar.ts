import type { TCalendar } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { grievanceKeys } from './keys';

/** CONTRACT 7.1: a year's working week and holidays. */
const getCalendar = (year: number, signal?: AbortSignal) =>
  api.get<TCalendar>('/calendar', { query: { year }, signal });

const calendarQueryOptions = (year: number) =>
  queryOptions({
    queryKey: grievanceKeys.calendar(year),
    queryFn: ({ signal }) => getCalendar(year, signal),
    placeholderData: keepPreviousData,
  });

export const useCalendar = (year: number) => useQuery(calendarQueryOptions(year));
