// Generated articles for benchmarks and the large-site tests: deterministic, varied (six
// topics, six categories, dates spread over five years), about the size of the real ones,
// with valid front matter and only links that exist.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TOPICS = [
  ['length', '/length-converter', 'metres', 'feet', 3.28084],
  ['weight', '/weight-converter', 'kilograms', 'pounds', 2.20462],
  ['volume', '/volume-converter', 'litres', 'US gallons', 0.264172],
  ['area', '/area-converter', 'square metres', 'square feet', 10.7639],
  ['temperature', '/temperature-converter', 'degrees Celsius', 'degrees Fahrenheit', 1.8],
  ['currency', '/currency-converter', 'euros', 'US dollars', 1.08],
];
const CATEGORIES = ['Guides', 'History', 'Tips', 'Science', 'Travel', 'Cooking'];

/** The markdown of generated article `i` (1-based). */
export function article(i) {
  const [topic, link, from, to, factor] = TOPICS[i % TOPICS.length];
  const slug = `bench-${topic}-note-${String(i).padStart(5, '0')}`;
  const day = new Date(Date.UTC(2020, 0, 1) + (i % 1800) * 86400000).toISOString().slice(0, 10);
  const rows = Array.from({ length: 8 }, (_, k) => {
    const v = (k + 1) * ((i % 7) + 1);
    return `| ${v} ${from} | ${(v * factor).toFixed(4)} ${to} |`;
  }).join('\n');
  const para = (n) =>
    `Converting ${from} to ${to} comes up in note ${i} for reason ${n}: the factor is ${factor}, so multiply by it ` +
    `going one way and divide going back. Round only at the end, keep one more digit than you need while you work, ` +
    `and check the answer against a value you know, such as the ones in the table below. The [${topic} converter](${link}) ` +
    `does the arithmetic exactly and keeps a history of what you converted on this device only.`;
  return `---
title: "${topic[0].toUpperCase()}${topic.slice(1)} conversion note ${i}: ${from} to ${to}"
excerpt: "Practical note ${i} on converting ${from} to ${to}, with a table of common values and the one factor you need to remember."
date: ${day}
readTime: ${3 + (i % 6)} min read
category: ${CATEGORIES[i % CATEGORIES.length]}
slug: ${slug}
featured: false
keywords: [${topic} conversion, ${from} to ${to}, note ${i}]
---
${para(1)}

## The factor

One ${from.replace(/s$/, '')} is **${factor}** ${to}. ${para(2)}

| ${from} | ${to} |
|---|---|
${rows}

## Worked examples

1. Multiply the value in ${from} by ${factor}.
2. Keep the unrounded result for the next step.
3. Round the final answer to the precision you need.

${para(3)}

### Common mistakes

- Dividing where you should multiply.
- Rounding the factor too early.
- Mixing US and imperial definitions.

${para(4)}

See also the [help centre](/help) and the [accuracy notes](/conversion-accuracy).
`;
}

/** Writes articles 1..n into `<site>/content/blog`; returns their slugs. */
export function addArticles(site, n) {
  const slugs = [];
  for (let i = 1; i <= n; i++) {
    const text = article(i);
    const slug = text.match(/^slug: (.*)$/m)[1];
    writeFileSync(join(site, `content/blog/${slug}.md`), text);
    slugs.push(slug);
  }
  return slugs;
}
