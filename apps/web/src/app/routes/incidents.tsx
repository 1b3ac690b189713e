import { IncidentsList } from '../../features/incidents/components/incidents-list';

export function Component() {
  return <IncidentsList />;
}
