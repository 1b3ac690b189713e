import type { TCalendar, THoliday } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { grievanceKeys } from './keys';

const setHolidays = ({ year, holidays }: { year: number; holidays: THoliday[] }) =>
  api.put<TCalendar>(`/admin/calendar/${year}`, { holidays });

/** Replaces a year's holidays; the year's calendar becomes the answer. */
export function useSetHolidays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setHolidays,
    onSuccess: (calendar) => client.setQueryData(grievanceKeys.calendar(calendar.year), calendar),
  });
}
