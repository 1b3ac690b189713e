import { useEffect } from 'react';

const APP_TITLE_SUFFIX = 'BIT Mesra Complaints';

/** Names the screen in the browser tab: "Student Login · BIT Mesra Complaints". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${APP_TITLE_SUFFIX}`;
  }, [title]);
}
