// For an island shell whose body (a lazy chunk) is only worth fetching once this browser
// keeps a list under `key`: true when the list is there at hydration, or as soon as this
// page (`event` on the page bus) or another tab (a 'storage' event) writes it.
import { useEffect, useState } from 'react';
import { hasStoredList, onStoredChange } from './storage.ts';

export function useStoredList(key: string, event: string): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (hasStoredList(key)) {
      setWanted(true);
      return;
    }
    return onStoredChange(key, event, () => setWanted(true));
  }, [key, event]);
  return wanted;
}
