import { RATING_MAX, rateComplaintPath, type TComplaint } from '@bit/contract';
import { LinkButton } from '../../../components/ui/button';

/** "4 of 5" with its stars; the stars are drawn for the eye, the words read out. */
export function GivenRating({
  rating,
  byStudent = false,
  className = '',
}: {
  rating: number;
  /** an admin reads the student's rating; the student reads their own */
  byStudent?: boolean;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 text-sm text-slate-800 ${className}`}>
      <span aria-hidden="true" className="text-base tracking-wide text-accent-700">
        {'★'.repeat(rating)}
        {'☆'.repeat(Math.max(0, RATING_MAX - rating))}
      </span>
      <span>
        {byStudent ? 'The student rated it' : 'You rated it'} {rating} of {RATING_MAX}
      </span>
    </p>
  );
}

/**
 * A resolved complaint's rating: "Rate this resolution" while the student has not rated it, the rating
 * they gave once they have. Nothing where the server tells no rating (an authority's lists).
 */
export function RateOrRating({
  complaint: c,
  byStudent = false,
  className = '',
}: {
  complaint: Pick<TComplaint, 'token' | 'status' | 'rating'>;
  byStudent?: boolean;
  className?: string;
}) {
  if (typeof c.rating === 'number') {
    return <GivenRating rating={c.rating} byStudent={byStudent} className={className} />;
  }
  if (c.rating === null && c.status === 'Resolved' && !byStudent) {
    return (
      <LinkButton
        to={rateComplaintPath(c.token)}
        variant="secondary"
        aria-label={`Rate this resolution, ${c.token}`}
        className={className}
      >
        Rate this resolution
      </LinkButton>
    );
  }
  return null;
}
