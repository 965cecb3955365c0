// @island-chunk runtime
// Follows the browser's online/offline events. Offline: a red banner
// that stays until the connection is back. Back online: a green banner for a few
// seconds, then it goes. A page that loads online shows nothing. The live region is
// server-rendered (empty) so screen readers announce each change.
import { useEffect, useState } from 'react';

export const ONLINE_VISIBLE_MS = 4000;

type Shown = 'online' | 'offline' | null;

export default function ConnectivityBanner() {
  const [shown, setShown] = useState<Shown>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setShown('offline');
    };
    const online = () => {
      clearTimeout(timer);
      setShown('online');
      timer = setTimeout(() => setShown(null), ONLINE_VISIBLE_MS);
    };
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  return (
    <div className="connectivity" role="status">
      {shown && (
        <p className={`connectivity-banner connectivity-${shown}`}>
          <span className="connectivity-dot" aria-hidden="true" />
          {shown === 'online' ? 'Online - All features available' : 'Offline - Limited functionality'}
        </p>
      )}
    </div>
  );
}
