import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useOnlineStatus } from '../../lib/online-status.ts';
import { isNetworkFailing, subscribeNetworkHealth, watchNetworkHealth } from './network-health.ts';

/**
 * True while the app is showing saved data: the browser says it is offline, or requests fail for want of a network
 * (D16). Back online, it turns false.
 */
export function useOffline(): boolean {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  useEffect(() => watchNetworkHealth(queryClient), [queryClient]);
  const failing = useSyncExternalStore(subscribeNetworkHealth, isNetworkFailing, () => false);
  return !online || failing;
}
