/** The desk's query keys (CONTRACT 7.5). */
export const deskKeys = {
  all: ['desk'] as const,
  student: (rollNo: string) => ['desk', 'student', rollNo] as const,
};
