/**
 * Stands in for theme-common's React utilities (see index.ts): the same module, except that
 * useShallowMemoObject orders the object's keys without locale data.
 */
import { useMemo } from 'react';
import { compareCodeUnits } from '../../utils/textOrder';

export * from '@locale-data/original/reactUtils';

/**
 * The object as it was at the last render if its keys and values have not changed (Docusaurus's
 * useShallowMemoObject). The keys are sorted only so that their order does not matter; any fixed
 * order does, so they are compared by code unit rather than with localeCompare.
 */
export function useShallowMemoObject<O extends object>(obj: O): O {
  const deps = Object.entries(obj);
  deps.sort(([a], [b]) => compareCodeUnits(a, b));
  // The dependencies are the object's keys and values, as many as it has.
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
  return useMemo(() => obj, deps.flat());
}
