import { complaintStatusPath, DESCRIPTION_MAX, MSG, MSG_INCIDENT, type TOpenIncident } from '@bit/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useJoinIncident } from '../api/join-incident';

/** "You reported this on 3 Dec 2026 (CMP-…)", the token a link to that complaint (issue 51). */
function Reported({ reported }: { reported: NonNullable<TOpenIncident['reported']> }) {
  useTimeZone();
  const { token } = reported;
  const text = MSG_INCIDENT.reportedOn(formatDate(reported.at), token);
  const at = text.lastIndexOf(token);
  return (
    <p className="text-sm text-slate-800">
      {text.slice(0, at)}
      <Link
        to={complaintStatusPath(token)}
        className="font-mono font-medium break-all text-brand-700 underline underline-offset-2"
      >
        {token}
      </Link>
      {text.slice(at + token.length)}
    </p>
  );
}

/**
 * "This is my problem too" (CONTRACT 6.1), or, for a student who reported it already, their complaint.
 * The button opens what it does first (issue 51: at 360 px a tap filed at once, without a word): it
 * files a complaint of their own, linked, with an optional description, then opens its page.
 */
export function JoinIncident({
  incident,
  roomNo = null,
  description = '',
}: {
  incident: TOpenIncident;
  /** the filing form's room, when the student has typed one */
  roomNo?: string | null;
  /** the filing form's description so far, to start from */
  description?: string;
}) {
  const navigate = useNavigate();
  const join = useJoinIncident();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(description);
  if (incident.reported) return <Reported reported={incident.reported} />;
  if (!open)
    return (
      <Button
        variant="secondary"
        aria-label={`${MSG_INCIDENT.joinButton}: ${incident.title}`}
        onClick={() => {
          setText(description);
          setOpen(true);
        }}
      >
        {MSG_INCIDENT.joinButton}
      </Button>
    );
  const file = () =>
    join
      .mutateAsync({
        id: incident.id,
        body: { roomNo: roomNo?.trim() || null, description: text.trim() ? text : null },
      })
      .then(
        ({ token }) => {
          toast.success(MSG.complaintFiled(token));
          navigate(complaintStatusPath(token));
        },
        (error) => toast.error(errorMessage(error, MSG.fileFailed)),
      );
  return (
    <section
      aria-label={`${MSG_INCIDENT.joinButton}: ${incident.title}`}
      className="w-full space-y-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <p className="text-sm text-slate-800">{MSG_INCIDENT.joinExplain}</p>
      <TextAreaField
        label="Description (optional)"
        maxLength={DESCRIPTION_MAX}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button disabled={join.isPending} onClick={file}>
          {join.isPending ? 'Filing...' : MSG_INCIDENT.joinSubmit}
        </Button>
        <Button variant="ghost" disabled={join.isPending} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
