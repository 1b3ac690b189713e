import { MSG_SECURITY } from '@bit/contract';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { copyText } from './copy-text';

const FILE_NAME = 'recovery-codes.txt';

/** The codes as a text file, one a line under a line that says what they are. */
export const codesText = (codes: readonly string[]) =>
  `${MSG_SECURITY.recoveryCodesFile}\n\n${codes.join('\n')}\n`;

function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = FILE_NAME;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // revoked once the browser has surely taken the file: revoking at once can cancel the save
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The 10 recovery codes, shown this once (the server keeps only their hashes), to copy or save. */
export function RecoveryCodes({
  codes,
  heading,
  headingClass,
  onDone,
}: {
  codes: readonly string[];
  heading: RefObject<HTMLHeadingElement | null>;
  headingClass: string;
  onDone: () => void;
}) {
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className={headingClass}>
        Save your recovery codes
      </h2>
      <p className="mt-2 text-sm text-slate-700">{MSG_SECURITY.keepCodesSafe}</p>
      <ol
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-100 p-4 font-mono text-base text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => copyText(codes.join('\n'))}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={() => download(codes)}>
          Download as text
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}
