import { fillReply, type TReplyFill, type TSavedReply } from '@bit/contract';
import { useId, useState } from 'react';
import { inputClass, labelClass } from '../../../components/ui/form-field';
import { useReplies } from '../api/get-replies';

export const PICKER_LABEL = 'Insert a saved reply';

/**
 * CONTRACT 7.5: the saved replies offered in the update dialog and the message box (composed there by
 * src/app/routes through their `replyPicker` slot). Picking one hands `insert` its text with
 * `{student}` and `{token}` filled in for this complaint; the box keeps it editable. A native select:
 * a phone shows its own list, and the keyboard and screen readers know it. The list is asked on the
 * picker's first use (a pointer over it, a tap, focus), not as the screen first draws: the complaint's
 * page shows the message box at once, and its first requests are those of its first data
 * (contract first-requests.ts).
 */
export function ReplyPicker({
  complaint,
  insert,
}: {
  complaint: TReplyFill;
  insert: (text: string) => void;
}) {
  const id = useId();
  const [used, setUsed] = useState(false);
  const use = () => setUsed(true);
  const query = useReplies('me', used);
  const replies = query.data ?? [];
  const asked = used && !query.isPending;
  const own = replies.filter((r) => !r.shared);
  const shared = replies.filter((r) => r.shared);
  const pick = (value: string) => {
    const reply = replies.find((r) => String(r.id) === value);
    if (reply) insert(fillReply(reply.body, complaint));
  };
  const options = (group: TSavedReply[]) =>
    group.map((r) => (
      <option key={r.id} value={r.id}>
        {r.title}
      </option>
    ));
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {PICKER_LABEL}
      </label>
      <select
        id={id}
        className={inputClass}
        // a choice is an action, not a state: the select goes back to its prompt
        value=""
        onChange={(e) => pick(e.target.value)}
        onPointerEnter={use}
        onPointerDown={use}
        onFocus={use}
        // never disabled: the list is asked on focus, and a select disabled under the keyboard's focus
        // would drop it to the page (its prompt says when there is nothing to choose)
      >
        <option value="">
          {used && query.isPending
            ? 'Loading...'
            : asked && replies.length === 0
              ? 'No saved replies yet'
              : 'Choose a reply'}
        </option>
        {own.length > 0 && <optgroup label="Your replies">{options(own)}</optgroup>}
        {shared.length > 0 && <optgroup label="Shared replies">{options(shared)}</optgroup>}
      </select>
    </div>
  );
}
