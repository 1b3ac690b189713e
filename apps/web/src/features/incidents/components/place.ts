/** Where an incident is: "Hostel 5" or "the College" (the contract's, which the server's shell uses too). */
export { incidentPlace } from '@bit/contract';
