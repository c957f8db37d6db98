import type { ReactNode } from 'react';
import type { Ability } from './can';
import { useCan } from './useCan';

interface CanProps {
  ability: Ability;
  children: ReactNode;
  /** Rendered instead when the user may not (nothing by default). */
  otherwise?: ReactNode;
}

/** Declarative form of useCan, for a control in the middle of JSX. */
export function Can({ ability, children, otherwise = null }: CanProps) {
  return <>{useCan(ability) ? children : otherwise}</>;
}
