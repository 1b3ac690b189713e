// The incident services (CONTRACT 6.1): incident.ts says which file holds which use.
export { type DeclareIncidentInput, declareIncident, linkComplaints, unlinkComplaint } from './declare';
export { incidentGroups } from './groups';
export { joinIncident } from './join';
export { getIncident, listIncidents, openIncidentsFor } from './read';
export { updateIncident } from './update';
