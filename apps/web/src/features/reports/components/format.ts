const count = new Intl.NumberFormat('en-IN');
const hours = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** A count: "1,23,456". */
export const formatCount = (n: number) => count.format(n);

/** Hours with at most one decimal: "12.5"; null (nothing to measure) is null, shown as "—". */
export const formatHours = (h: number | null) => (h === null ? null : hours.format(h));
