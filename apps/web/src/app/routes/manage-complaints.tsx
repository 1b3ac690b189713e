import type { TComplaint } from '@bit/contract';
import { useState } from 'react';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { ManageComplaints } from '../../features/complaints/components/manage-complaints';
import { DeclareSelection } from '../../features/incidents/components/declare-selection';
import { replyPickerFor } from '../reply-picker-slot';

export function Component() {
  const user = useSignedInUser();
  // complaints picked in the list, across its pages, declared as one incident (issue 51)
  const [picked, setPicked] = useState<ReadonlyMap<number, TComplaint>>(new Map());
  const onPick = (c: TComplaint, on: boolean) =>
    setPicked((now) => {
      const next = new Map(now);
      if (on) next.set(c.id, c);
      else next.delete(c.id);
      return next;
    });
  return (
    <ManageComplaints
      user={user}
      replyPicker={replyPickerFor(user)}
      picker={{
        picked: (c) => picked.has(c.id),
        onPick,
        bar: <DeclareSelection complaints={[...picked.values()]} onClear={() => setPicked(new Map())} />,
      }}
    />
  );
}
