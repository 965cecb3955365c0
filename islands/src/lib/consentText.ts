// The words of the consent choices: what each purpose covers (the banner's Customize
// popup and the cookies page) and a stored choice in one sentence. Apart from
// lib/consent.ts so that a page which only reads and saves the choice carries none of them.
import { PURPOSES, type Choices, type Purpose } from './consent.ts';

/** What each purpose covers, shown in the banner's Customize popup and on the cookies page. */
export const PURPOSE_TEXT: Record<'essential' | Purpose, { label: string; text: string }> = {
  essential: { label: 'Essential', text: 'Your cookie choices, the dark theme, the settings you chose (starred pairs, Decimals, fractions), your conversion history (clear it any time) and the latest exchange rates for offline use, kept only on this device. Always on: the converters need them.' },
  preferences: { label: 'Preferences', text: 'Remember interface choices, such as hiding the install bar for the rest of your visit.' },
  analytics: { label: 'Analytics', text: 'Statistics on which pages and converters are used, collected by our analytics provider with its cookies, so we can improve them.' },
  advertising: { label: 'Advertising', text: 'Ads that keep Unitly free, with cookies to limit repeats and measure them.' },
};

/** "Preferences on, analytics off, advertising off" */
export function summary(choices: Choices): string {
  const parts = PURPOSES.map((p) => `${PURPOSE_TEXT[p].label.toLowerCase()} ${choices[p] ? 'on' : 'off'}`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
