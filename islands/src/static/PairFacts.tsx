// A unit pair page's facts (/length-converter/feet-to-meters): the formula in words with its
// exact factor, a worked example, a table of common values and what defines each unit.
// Server-only: rendered into the page at build time (island client="none") and never sent
// to the browser, so the answer and the table are in the HTML with no script at all.
import { pairFacts } from '../lib/pairFacts.ts';
import { SMALL_CALORIE } from '../lib/foodEnergy.ts';
import { withSymbol } from '../lib/target.ts';
import type { UnitCategory } from '../lib/units.ts';
import { PairTable } from '../ui/PairTable.tsx';

interface Props {
  category: UnitCategory & { key: string };
  from: string;
  to: string;
  /** The standard that defines each unit, by key (units.yaml `source`, kept out of card props). */
  sources: Record<string, string>;
  /** The two names as a sentence writes them ("US gallons", "degrees Celsius": PairData's from_prose and to_prose, model::prose_name). */
  fromName: string;
  toName: string;
}

export default function PairFacts({ category, from, to, sources, fromName, toName }: Props) {
  const facts = pairFacts(category, from, to);
  if (!facts) throw new Error(`no pair ${from} → ${to} in ${category.key}`);
  const [f, t] = [facts.from, facts.to];
  return (
    <>
      <section aria-labelledby="pair-formula">
        <h2 id="pair-formula">{`How to convert ${fromName} to ${toName}`}</h2>
        <p className="pair-statement">
          <strong>{facts.statement.text}</strong>
          {facts.statement.exact ? ' exactly.' : '.'}
        </p>
        <p>
          {`To convert ${fromName} to ${toName}, ${facts.rule.words}:`}
        </p>
        <p className="pair-formula">
          <code>{facts.rule.formula}</code>
        </p>
        <p>
          {`For example, ${facts.example.value} ${facts.example.exact ? '=' : '≈'} ${facts.example.result}.`}
        </p>
      </section>
      <PairTable id="pair-table" from={f} to={t} rows={facts.rows.map((row) => ({ value: withSymbol(row.value, f), result: row.result }))}
        note={facts.rounded ? 'Values are rounded as the converter shows them.' : undefined}
      />
      <section aria-labelledby="pair-units">
        <h2 id="pair-units">The units</h2>
        <dl className="pair-units">
          {facts.definitions.map((d) => (
            <div key={d.key}>
              <dt>{d.name}</dt>
              <dd>
                {sources[d.key] ? `${d.text} Source: ${sentence(sources[d.key])}` : d.text}
                {facts.foodPair && d.key === SMALL_CALORIE ? (
                  <>
                    {' For food energy: '}
                    <a href={facts.foodPair.href}>{facts.foodPair.title}</a>.
                  </>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

/** A source as the end of a sentence: one full stop ("SI Brochure 9th ed." has its own). */
const sentence = (text: string): string => (text.endsWith('.') ? text : `${text}.`);
