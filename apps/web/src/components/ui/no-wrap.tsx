import type { ReactNode } from 'react';

import { NO_WRAP } from './word-wrap';

/** Text kept on one line ({@link NO_WRAP}): a table's amount, date or phone, a card's figure. */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span style={NO_WRAP}>{children}</span>;
}
