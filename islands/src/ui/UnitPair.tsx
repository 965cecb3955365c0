// The From / swap / To row, shared by the unit and currency cards: two labelled selects
// over the same options and the swap button between them.
import type { ChangeEvent, ReactNode } from 'react';
import SwapButton from './SwapButton.tsx';

interface Props {
  /** The card's id prefix: the selects are `${id}-from` and `${id}-to`. */
  id: string;
  /** The <option> elements, the same for both selects unless `toOptions` is given. */
  options: ReactNode;
  /** To's own options (a unit card adds compounds such as feet + inches). */
  toOptions?: ReactNode;
  from: string;
  to: string;
  onFromChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  onToChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  swapLabel: string;
  onSwap: () => void;
}

export default function UnitPair({ id, options, toOptions, from, to, onFromChange, onToChange, swapLabel, onSwap }: Props) {
  return (
    <div className="converter-units">
      <div className="field">
        <label htmlFor={`${id}-from`}>From</label>
        <select id={`${id}-from`} value={from} onChange={onFromChange}>
          {options}
        </select>
      </div>
      <SwapButton label={swapLabel} onSwap={onSwap} />
      <div className="field">
        <label htmlFor={`${id}-to`}>To</label>
        <select id={`${id}-to`} value={to} onChange={onToChange}>
          {toOptions ?? options}
        </select>
      </div>
    </div>
  );
}
