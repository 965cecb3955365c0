// The From / swap / To row of every converter card: two labelled selects over the same
// options and the swap button between them.
import type { ReactNode } from 'react';
import SwapButton from './SwapButton.tsx';
import type { Card } from './useCard.ts';

interface Props {
  /** The card whose pair this is: the selects are `${card.id}-from` and `${card.id}-to`. */
  card: Card;
  /** The <option> elements, the same for both selects unless `toOptions` is given. */
  options: ReactNode;
  /** To's own options (a unit card adds compounds such as feet + inches). */
  toOptions?: ReactNode;
  swapLabel: string;
  /** What swapping does when To cannot simply become From (a compound's largest part). */
  onSwap?: () => void;
}

export default function UnitPair({ card, options, toOptions, swapLabel, onSwap }: Props) {
  const { id } = card;
  return (
    <div className="converter-units">
      <div className="field">
        <label htmlFor={`${id}-from`}>From</label>
        <select id={`${id}-from`} value={card.from} onChange={(e) => card.setFrom(e.target.value)}>
          {options}
        </select>
      </div>
      <SwapButton label={swapLabel} onSwap={onSwap ?? (() => card.setPair({ from: card.to, to: card.from }))} />
      <div className="field">
        <label htmlFor={`${id}-to`}>To</label>
        <select id={`${id}-to`} value={card.to} onChange={(e) => card.setTo(e.target.value)}>
          {toOptions ?? options}
        </select>
      </div>
    </div>
  );
}
