// The "Fractions for tsp, tbsp, … (nearest 1/8 or 1/3)" checkbox of the cards with kitchen measures
// (units.yaml `cooking: true`). The choice is the visitor's, shared by every card and kept
// in prefs; the card holds its current value and reads it back after hydration.
import { writeFractions } from '../lib/prefs.ts';
import { isCookingUnit } from '../lib/target.ts';
import type { Unit } from '../lib/units.ts';

export default function FractionsToggle({ id, units, checked, onChange }: { id: string; units: readonly Unit[]; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="converter-fractions">
      <input
        id={`${id}-fractions`}
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          onChange(e.target.checked);
          writeFractions(e.target.checked);
        }}
      />
      <label htmlFor={`${id}-fractions`}>{`Fractions for ${units.filter(isCookingUnit).map((u) => u.symbol).join(', ')} (nearest 1/8 or 1/3)`}</label>
    </div>
  );
}
